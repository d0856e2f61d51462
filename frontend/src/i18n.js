// The words the scripts write into the page, in English and Korean. The server's own strings
// (challenge-data "messages", a heatmap's data-messages) take precedence over these defaults.

const EN = {
  // grading
  queued: "Queued",
  running: "Running",
  done: "Done",
  running_examples: "Running your code on the public examples…",
  submitting: "Submitting…",
  login_required: "Log in to run and submit your code.",
  log_in: "Log in",
  view_submission: "Open this submission",
  no_more_hints: "No more hints",
  accepted: "Accepted",
  wrong_answer: "Wrong answer",
  runtime_error: "Runtime error",
  time_limit_exceeded: "Time limit exceeded",
  memory_limit_exceeded: "Memory limit exceeded",
  output_limit_exceeded: "Output limit exceeded",
  compilation_error: "Syntax error",
  internal_error: "Internal error (not your fault: try again)",
  tests_passed: "{passed} of {total} tests passed",
  test: "Test",
  result: "Result",
  details: "Details",
  expected: "Expected",
  got: "Got",
  input: "Input",
  hidden: "hidden",
  public: "public",
  passed: "passed",
  failed: "failed",
  named_bug: "Named bug",
  differs_at: "Differs at",
  and_more: "and {n} more",
  printed: "What your code printed",
  request_failed: "The request failed: {message}",
  network_error: "Could not reach the server. Check your connection and try again.",
  still_waiting: "Still grading after {seconds} s; this page keeps checking.",
  gave_up: "No verdict yet. Open your submission later: {url}",
  // editor
  editor_label: "Python code",
  editor_help: "Tab indents. Esc then Tab leaves the editor. Ctrl+Enter (⌘+Enter) runs.",
  reset_done: "The editor is back to the starter code (Ctrl+Z undoes this).",
  draft_restored: "Your saved draft was restored. Reset brings back the starter code.",
  // heatmap
  caption: "Attention weights: each row is a token looking, each column a token looked at.",
  caption_masked: "Grey cells are hidden by the mask.",
  looks_at: "looks at →",
  output: "Output",
  sum: "Sum",
  masked: "masked",
  select_row: "Choose a row (click it, or focus it and press Enter) to see where that token looks.",
  row_output: "“{token}” gives {weights}; its output is {mix} = {out}",
  edit_example: "Edit the example",
  token: "Token",
  token_n: "Token {n}",
  vector_entry: "{matrix} of “{token}”, entry {c}",
  add_token: "Add a token",
  remove_token: "Remove the last token",
  reset_example: "Reset the example",
  causal: "Causal mask: hide the future",
  sharpness: "Sharpness",
  sharpness_value: "×{s} (temperature {t})",
  bad_number: "Not a number: the heatmap keeps the last valid value.",
  example: "Example",
  yours: "Your weights",
  reference: "Reference weights",
  difference: "|yours − reference|",
  run_to_compare: "Run your code to draw your weights beside the reference's.",
  weights_unreadable:
    "Your weights could not be read on this example (your function failed or returned no matrix when V was the identity), so the reference's are drawn alone; the results table compares your outputs with the expected ones.",
  not_drawable: "Your result for this example cannot be drawn as weights (wrong shape, or not numbers).",
  no_result_for_example: "Your last run has no result for this example.",
};

const KO = {
  queued: "대기 중",
  running: "채점 중",
  done: "완료",
  running_examples: "공개 예제로 코드를 실행하는 중…",
  submitting: "제출하는 중…",
  login_required: "코드를 실행하고 제출하려면 로그인하세요.",
  log_in: "로그인",
  view_submission: "이 제출 기록 열기",
  no_more_hints: "힌트를 모두 보았습니다",
  accepted: "정답",
  wrong_answer: "오답",
  runtime_error: "실행 오류",
  time_limit_exceeded: "시간 초과",
  memory_limit_exceeded: "메모리 초과",
  output_limit_exceeded: "출력 초과",
  compilation_error: "문법 오류",
  internal_error: "내부 오류 (여러분의 잘못이 아닙니다. 다시 시도해 주세요)",
  tests_passed: "테스트 {total}개 중 {passed}개 통과",
  test: "테스트",
  result: "결과",
  details: "자세히",
  expected: "기대값",
  got: "내 결과",
  input: "입력",
  hidden: "숨김",
  public: "공개",
  passed: "통과",
  failed: "실패",
  named_bug: "찾아낸 버그",
  differs_at: "다른 위치",
  and_more: "외 {n}곳",
  printed: "코드가 출력한 내용",
  request_failed: "요청이 실패했습니다: {message}",
  network_error: "서버에 연결할 수 없습니다. 연결을 확인하고 다시 시도해 주세요.",
  still_waiting: "{seconds}초째 채점 중입니다. 이 페이지가 계속 확인합니다.",
  gave_up: "아직 결과가 없습니다. 나중에 제출 기록을 열어 보세요: {url}",
  editor_label: "Python 코드",
  editor_help: "Tab으로 들여쓰기합니다. Esc 다음 Tab을 누르면 편집기에서 빠져나옵니다. Ctrl+Enter(⌘+Enter)로 실행합니다.",
  reset_done: "편집기를 시작 코드로 되돌렸습니다 (Ctrl+Z로 취소할 수 있습니다).",
  draft_restored: "저장해 둔 초안을 불러왔습니다. 초기화를 누르면 시작 코드로 돌아갑니다.",
  caption: "어텐션 가중치: 각 행은 바라보는 토큰, 각 열은 바라봄을 받는 토큰입니다.",
  caption_masked: "회색 칸은 마스크로 가려진 칸입니다.",
  looks_at: "바라보는 곳 →",
  output: "출력",
  sum: "합",
  masked: "가려짐",
  select_row: "행을 고르면(클릭하거나, 포커스를 두고 Enter) 그 토큰이 어디를 보는지 나옵니다.",
  row_output: "“{token}”의 가중치는 {weights}이고, 출력은 {mix} = {out}입니다.",
  edit_example: "예제 고치기",
  token: "토큰",
  token_n: "토큰 {n}",
  vector_entry: "“{token}”의 {matrix}, {c}번째 값",
  add_token: "토큰 추가",
  remove_token: "마지막 토큰 삭제",
  reset_example: "예제 되돌리기",
  causal: "인과 마스크(causal mask): 미래 가리기",
  sharpness: "선명도",
  sharpness_value: "×{s} (온도 {t})",
  bad_number: "숫자가 아닙니다. 히트맵은 마지막으로 올바른 값을 유지합니다.",
  example: "예제",
  yours: "내 가중치",
  reference: "정답 가중치",
  difference: "|내 것 − 정답|",
  run_to_compare: "코드를 실행하면 내 가중치가 정답 가중치 옆에 그려집니다.",
  weights_unreadable:
    "이 예제에서는 내 가중치를 읽을 수 없어서(V를 단위 행렬로 바꾸어 호출했을 때 함수가 실패했거나 행렬을 돌려주지 않음) 정답의 가중치만 그립니다. 결과 표에서 내 출력과 기대 출력을 비교하세요.",
  not_drawable: "이 예제에 대한 결과는 가중치로 그릴 수 없습니다 (모양이 다르거나 숫자가 아닙니다).",
  no_result_for_example: "마지막 실행에는 이 예제의 결과가 없습니다.",
};

const TABLES = { en: EN, ko: KO };

// Keys under which the server's challenge-data may name the same words as ours.
const ALIASES = {
  "your output matches": "named_bug",
  error: "request_failed",
  output: "printed",
  your_weights: "yours",
  reference_weights: "reference",
  weights_difference: "difference",
};

/** Copy `messages`, also filing each aliased key under our own name (ours win if both). */
export function normalizeMessages(messages = {}) {
  const out = { ...messages };
  for (const [theirs, ours] of Object.entries(ALIASES)) {
    if (theirs in messages && !(ours in messages)) out[ours] = messages[theirs];
  }
  return out;
}

/** The page's language: "ko" for Korean, otherwise "en". */
export function pageLang(element = document.documentElement) {
  const lang = (element.getAttribute("data-lang") || element.lang || "").toLowerCase();
  return lang.startsWith("ko") ? "ko" : "en";
}

/**
 * A translator for `lang`: t(key, {name: value}) fills {name} placeholders. Keys missing from
 * `overrides` fall back to the built-in table, then to English, then to the key itself.
 */
export function translator(lang, overrides = {}) {
  const table = TABLES[lang] || EN;
  return (key, vars = {}) => {
    const text = overrides[key] ?? table[key] ?? EN[key] ?? key;
    return String(text).replace(/\{(\w+)\}/g, (whole, name) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}

# expect: runtime_error
# why: an exception whose message holds NUL bytes, a lone surrogate, escapes and HTML, raised
#   on a public case (whose message is shown): the runner must still send a well-formed
#   result line, and the report must carry the error as text (the suite checks it has no NUL
#   once stored through the app).
def softmax(row):
    raise ValueError("\x00\ud800\x1b[31m<img src=x onerror=alert(1)>\udcff\x00")

// The words the scripts write into a page come from the server's gettext catalogs, rendered
// into every page as JSON (script#interface-messages, arena.web.labels): no words live here.

/**
 * A translator over the page's `messages`: t(key, {name: value}) fills {name} placeholders.
 * A key the page did not send comes back as itself, which a test catches.
 */
export function translator(messages = {}) {
  return (key, vars = {}) => {
    const text = messages[key] ?? key;
    return String(text).replace(/\{(\w+)\}/g, (whole, name) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}

// Entry of the HTTP API's docs page (/api/v1/docs): Swagger UI, bundled from npm, reading the
// OpenAPI document the page names. It runs under the pages' CSP, so it may ask nothing of
// another origin: no validator badge, no box to load another document from.
import SwaggerUI from "swagger-ui-dist/swagger-ui-es-bundle.js";

import { csrfToken } from "./api.js";

/** "Try it out" without a token uses the session, which needs the page's CSRF token to change
 * anything (as api.js sends it); the token goes to this site only. */
function withCsrfToken(request) {
  const sameSite = new URL(request.url, window.location.href).origin === window.location.origin;
  const changes = (request.method || "GET").toUpperCase() !== "GET"; // the document: no method
  if (sameSite && changes && !request.headers.Authorization) request.headers["X-CSRFToken"] = csrfToken();
  return request;
}

const root = document.getElementById("api-docs");
if (root) {
  SwaggerUI({
    domNode: root,
    url: root.dataset.openapi,
    validatorUrl: null,
    deepLinking: true,
    requestInterceptor: withCsrfToken,
  });
}

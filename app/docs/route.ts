// The human API reference: Scalar renders /openapi.json. Its bundle is served from /vendor (copied at install).
// Everything it shows comes from this service: no hosted fonts (system fonts instead), none of the hosted tool's own
// controls (its AI agent, MCP generator and developer tools with "Deploy"), and a bar leading back to the site.
const SCALAR_CONFIGURATION = {
  url: '/openapi.json',
  hideClientButton: false,
  withDefaultFonts: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  customCss: `:root {
    --scalar-custom-header-height: 3rem;
    --scalar-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
  }`,
};

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference - Financial Publications Research API</title>
    <link rel="icon" href="/favicon.ico" sizes="48x48" />
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <style>
      body { margin: 0; }
      .site-bar {
        position: sticky; top: 0; z-index: 1000; box-sizing: border-box; height: 3rem;
        display: flex; align-items: center; gap: 1.25rem; padding: 0 1rem; overflow-x: auto; white-space: nowrap;
        background: #fff; border-bottom: 1px solid #e2e8f0;
        font: 500 0.875rem/1 ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
      }
      .site-bar a { color: #334155; text-decoration: none; }
      .site-bar a:hover, .site-bar a:focus-visible { color: #4338ca; text-decoration: underline; }
      .site-bar .home { color: #0f172a; font-weight: 600; }
      @media (max-width: 639px) { .site-bar .more { display: none; } }
    </style>
  </head>
  <body>
    <nav class="site-bar" aria-label="Site">
      <a class="home" href="/">← Financial Publications Research API</a>
      <a class="more" href="/search">Search</a>
      <a class="more" href="/publications">Publications</a>
      <a class="more" href="/account">Account</a>
    </nav>
    <div id="app"></div>
    <script src="/vendor/scalar/standalone.js"></script>
    <script>
      Scalar.createApiReference('#app', ${JSON.stringify(SCALAR_CONFIGURATION)});
    </script>
  </body>
</html>`;

export function GET() {
  return new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

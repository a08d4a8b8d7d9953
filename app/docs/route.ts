// The human API reference: Scalar renders /openapi.json. Its bundle is served from /vendor (copied at install).
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference - Financial Publications Research API</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/vendor/scalar/standalone.js"></script>
    <script>
      Scalar.createApiReference('#app', { url: '/openapi.json', hideClientButton: false });
    </script>
  </body>
</html>`;

export function GET() {
  return new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

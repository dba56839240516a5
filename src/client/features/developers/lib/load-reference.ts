/**
 * The API reference viewer (Swagger UI), served by the API beside its OpenAPI document and
 * loaded only by /developers: never part of the app's bundles.
 */
const BASE = '/api/v1/reference';

interface SwaggerUiOptions {
  url: string;
  domNode: HTMLElement;
  deepLinking?: boolean;
  persistAuthorization?: boolean;
  tryItOutEnabled?: boolean;
}
type SwaggerUiBundle = (options: SwaggerUiOptions) => unknown;

function viewer(): SwaggerUiBundle | undefined {
  return (window as unknown as { SwaggerUIBundle?: SwaggerUiBundle }).SwaggerUIBundle;
}

function addOnce(id: string, make: () => HTMLLinkElement | HTMLScriptElement): Promise<void> {
  const existing = document.getElementById(id);
  if (existing) return existing.dataset.loaded ? Promise.resolve() : waitFor(existing);
  const element = make();
  element.id = id;
  const done = waitFor(element);
  document.head.append(element);
  return done;
}

const waitFor = (element: HTMLElement) =>
  new Promise<void>((resolve, reject) => {
    element.addEventListener('load', () => {
      element.dataset.loaded = 'true';
      resolve();
    });
    element.addEventListener('error', () => reject(new Error('reference viewer did not load')));
  });

/** Shows the reference of `specUrl` in `node`: the viewer's stylesheet and script load first. */
export async function showReference(node: HTMLElement, specUrl: string): Promise<void> {
  await Promise.all([
    addOnce('swagger-ui-css', () =>
      Object.assign(document.createElement('link'), { rel: 'stylesheet', href: `${BASE}/swagger-ui.css` }),
    ),
    addOnce('swagger-ui-js', () =>
      Object.assign(document.createElement('script'), { src: `${BASE}/swagger-ui-bundle.js` }),
    ),
  ]);
  const bundle = viewer();
  if (!bundle) throw new Error('reference viewer missing');
  bundle({ url: specUrl, domNode: node, deepLinking: false, persistAuthorization: false });
}

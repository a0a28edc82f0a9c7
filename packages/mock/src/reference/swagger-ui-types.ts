// The little of Swagger UI's API the reference uses: swagger-ui-dist ships no types, and its bundle
// is loaded by a <script> tag as the global SwaggerUIBundle.

/** An Immutable.js map, as Swagger UI hands out the document. */
export interface ImmutableMap {
  get(key: string): ImmutableMap | undefined;
  getIn(path: readonly string[]): unknown;
  toJS(): unknown;
}

type CreateElement = (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;

export interface SwaggerUiSystem {
  React: { createElement: CreateElement; useState<T>(initial: T): [T, (next: T) => void] };
  specSelectors: { specJson(): ImmutableMap };
}

export type SwaggerUiPlugin = (system: SwaggerUiSystem) => object;

export interface SwaggerUi {
  preauthorizeApiKey(securityScheme: string, key: string): void;
}

export interface SwaggerUiBundle {
  (options: {
    spec: object;
    dom_id: string;
    deepLinking: boolean;
    validatorUrl: null;
    presets: unknown[];
    plugins: SwaggerUiPlugin[];
    layout: string;
    defaultModelsExpandDepth: number;
    displayRequestDuration: boolean;
    onComplete(): void;
  }): SwaggerUi;
  presets: { apis: unknown };
}

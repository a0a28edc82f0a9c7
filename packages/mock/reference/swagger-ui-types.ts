// The little of Swagger UI's API the reference uses: swagger-ui-dist ships no types, and its bundle
// is loaded by a <script> tag as the global SwaggerUIBundle.

/** An Immutable.js map (or ordered map), as Swagger UI hands out the document and its state. */
export interface ImmutableMap {
  get(key: string): ImmutableMap | undefined;
  getIn(path: readonly string[]): unknown;
  set(key: string, value: unknown): ImmutableMap;
  has(key: string): boolean;
  keySeq(): { toArray(): string[] };
  filter(predicate: (value: unknown, key: string) => boolean): ImmutableMap;
  map(mapper: (value: unknown, key: string) => unknown): ImmutableMap;
  toJS(): unknown;
  readonly size: number;
}

type CreateElement = (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;

export interface SwaggerUiSystem {
  React: {
    createElement: CreateElement;
    useState<T>(initial: T): [T, (next: T) => void];
  };
  Im: { Map: { isMap(value: unknown): value is ImmutableMap } };
  specSelectors: { specJson(): ImmutableMap };
}

/** The props a connected component (`getComponent(name, true)`) gets: the system's selectors and actions. */
export type SwaggerUiProps = {
  getComponent(name: string, container?: boolean): unknown;
  specSelectors: {
    specJson(): ImmutableMap;
    requestFor(path: string, method: string): ImmutableMap | undefined;
    mutatedRequestFor(path: string, method: string): ImmutableMap | undefined;
  };
  oas3Selectors: { selectedServer(): string; serverEffectiveValue(locationData: { server: string }): string };
  authSelectors: { authorized(): ImmutableMap };
  petstoreSelectors: { sampleLanguage(): string | undefined };
  petstoreActions: { chooseSampleLanguage(lang: string): void };
};

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

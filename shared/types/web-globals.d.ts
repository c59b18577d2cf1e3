/**
 * The only host globals shared/ code may use: the WHATWG URL API, which browsers, workerd and Node all
 * provide. shared/ is compiled without DOM or Workers types (so it cannot reach `window` or `env`); this
 * file declares just the members it uses. The client and worker projects exclude it and use their own.
 */
declare class URLSearchParams implements Iterable<[string, string]> {
  constructor(init?: string | URLSearchParams | Record<string, string> | [string, string][]);
  append(name: string, value: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly searchParams: URLSearchParams;
  toString(): string;
}

/**
 * A code table is written once as `{ NAME: code } as const`; everything else derives from it:
 * the union type of its codes, the list of codes (for zod enums), the reverse lookup and the
 * translation key of each code (`<namespace>.<NAME>`), which @cacifo/texts must contain.
 */
export type CodeOf<T extends Record<string, number | string>> = T[keyof T];

/**
 * The translation key of a table's codes, as a type (`'orderState.CREATED' | ...`): the web hands
 * it to i18next's typed `t()` as it is, and a key the texts lack fails the type check there.
 */
export type LabelKey<
  N extends string,
  T extends Record<string, number | string>,
> = `${N}.${keyof T & string}`;

export interface CodeTable<T extends Record<string, number | string>, N extends string = string> {
  readonly namespace: N;
  readonly codes: T;
  readonly values: readonly CodeOf<T>[];
  nameOf(code: CodeOf<T>): keyof T & string;
  labelKey(code: CodeOf<T>): LabelKey<N, T>;
  has(code: unknown): code is CodeOf<T>;
}

export function defineCodes<const N extends string, const T extends Record<string, number | string>>(
  namespace: N,
  codes: T,
): CodeTable<T, N> {
  const names = new Map<unknown, keyof T & string>();
  for (const [name, code] of Object.entries(codes)) names.set(code, name as keyof T & string);
  const values = Object.values(codes) as CodeOf<T>[];
  return {
    namespace,
    codes,
    values,
    nameOf(code) {
      const name = names.get(code);
      if (name === undefined) throw new Error(`Unknown ${namespace} code: ${String(code)}`);
      return name;
    },
    labelKey(code) {
      return `${namespace}.${this.nameOf(code)}` as const;
    },
    has(code: unknown): code is CodeOf<T> {
      return names.has(code);
    },
  };
}

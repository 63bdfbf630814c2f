import type { FormInstance } from 'antd';
import type { z } from 'zod';

type NamePath = (string | number)[];

/**
 * Validates form values with the contract's zod schema (the same one the server uses) and puts
 * each issue on its field; issue messages are `validation.*` translation keys.
 */
export function validateWith<S extends z.ZodType>(
  form: FormInstance,
  schema: S,
  values: unknown,
  translate: (key: string) => string,
  /** Schema field -> form field, where the form edits a value in another shape (euros vs cents). */
  rename: Record<string, string> = {},
): z.infer<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const byField = new Map<string, { name: NamePath; errors: string[] }>();
  for (const issue of result.error.issues) {
    const name = issue.path
      .filter((p): p is string | number => typeof p !== 'symbol')
      .map((p) => (typeof p === 'string' ? (rename[p] ?? p) : p));
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    const text = issue.message.startsWith('validation.')
      ? translate(issue.message)
      : translate('validation.invalid');
    if (!entry.errors.includes(text)) entry.errors.push(text);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  return null;
}

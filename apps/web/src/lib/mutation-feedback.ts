import { MutationCache, type Mutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { ApiError, errorMessage } from './api-client';
import { ask, say } from './feedback';
import { i18n } from './i18n';
import { runtimeKey, type TextKey } from './i18n-keys';
import { showServerErrors, type FieldOfCode } from './zod-form';

/** A text to say: a translation key, with its values when it has placeholders. */
type Said = TextKey | readonly [TextKey, Record<string, unknown>];
/**
 * A success in sentences said one after the other ("Cleaning mode on. 3 doors opened, 1 failed."),
 * as a warning when only part of it went through.
 */
type Report = { parts: readonly Said[]; partial?: boolean };

/**
 * What a mutation says when it ends (docs/adr/0060-mutation-feedback.md). Written once, on the
 * mutation (`useMutation({ meta: { success, error } })`), never as a toast in the page that runs it.
 */
export type MutationFeedback = {
  /**
   * Said once it succeeded, or chosen from the reply and the variables (typed by the function's
   * own parameters: `(reply: Terms, vars: { id: number }) => ...`).
   */
  success?: Said | ((data: never, variables: never) => Said | Report);
  /**
   * On failure the reason is always said (the server's code, translated). A key here is said before
   * it ("Não foi possível guardar o voucher: Código já existe."); `false`: the caller shows the
   * failure itself, inline (an Alert in a dialog, say), and nothing else speaks.
   */
  error?: TextKey | false | ((variables: never) => TextKey | false);
  /**
   * Failure codes this mutation says in its own words (`{ conflict: 'admins.faqs.orderStale' }`),
   * or words chosen from the variables and the refusal (its `data`). The text may hold the server's
   * reason as `{{reason}}`. `false`: the screen shows that refusal itself (a locked PIN's Alert).
   */
  codes?: Partial<Record<string, TextKey | false | ((variables: never, error: ApiError) => Said)>>;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationFeedback;
  }
}

/** The form a submission came from: its field errors go on its fields (see useFormSubmit). */
export interface FormBinding {
  form: FormInstance;
  /** Error code -> the one field it belongs to (L41 -> 'pin'), or [field, message key]. */
  fieldOf?: Record<string, FieldOfCode>;
  /** Server field -> form field, where the form edits a value in another shape. */
  rename?: Record<string, string>;
}

// Keyed by the variables object of one submission: the binding lives exactly as long as they do.
const bindings = new WeakMap<object, FormBinding>();

/** Marks `variables` as submitted by `binding.form`; the form kit calls it, features do not. */
export function bindToForm<V>(variables: V, binding: FormBinding): V {
  if (variables !== null && typeof variables === 'object') bindings.set(variables, binding);
  return variables;
}

/** For showServerErrors: field messages and message keys arrive as strings (runtimeKey). */
const translate = (key: string) => i18n.t(runtimeKey(key));

function textOf(said: Said, values?: Record<string, unknown>): string {
  return typeof said === 'string'
    ? String(i18n.t(said, values))
    : String(i18n.t(said[0], { ...values, ...said[1] }));
}

/** A prefix that is a sentence of its own ("Couldn't store the order.") is followed, not colon-joined. */
function joined(prefix: string, reason: string): string {
  return /[.!?…]$/.test(prefix) ? `${prefix} ${reason}` : `${prefix}: ${reason}`;
}

function successText(mutation: Mutation<unknown, unknown, unknown>, data: unknown, variables: unknown) {
  const success = mutation.options.meta?.success;
  if (!success) return null;
  const said = typeof success === 'function' ? success(data as never, variables as never) : success;
  if (typeof said === 'object' && 'parts' in said) {
    return { partial: !!said.partial, text: said.parts.map((part) => textOf(part)).join(' ') };
  }
  return { partial: false, text: textOf(said) };
}

/**
 * The failures the MutationCache says itself, whatever the screen: a lost race (staleVersion) is
 * always the reload dialog. A screen that shows a save's failure in its own way (a message, an
 * Alert, a text under a field) asks `ownFailureText` first, so the user is told once, not twice.
 */
export function saidByMutationCache(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'staleVersion';
}

/** The text a screen shows for its own save's failure, or null when the MutationCache says it. */
export function ownFailureText(error: unknown): string | null {
  return saidByMutationCache(error) ? null : errorMessage(error);
}

/**
 * Someone saved the record after this editor read it (409 staleVersion, docs/adr/0027): nothing was
 * written. The editor chooses to reload (the page reads every record again; unsaved changes go) or
 * to keep editing (to copy what they typed; saving again is refused the same way).
 */
function showStaleVersion(): void {
  ask(
    {
      title: translate('conflict.title'),
      content: translate('conflict.body'),
      ok: translate('conflict.reload'),
      cancel: translate('conflict.keep'),
    },
    () => window.location.reload(),
  );
}

/**
 * The feedback of every mutation, in one place: the QueryClient's MutationCache. A mutation with
 * neither `meta` nor a form binding is left to its caller (screens not yet moved to this).
 */
export function createMutationCache(): MutationCache {
  return new MutationCache({
    onSuccess: (data, variables, _result, mutation) => {
      const said = successText(mutation, data, variables);
      // A partial success stays longer: it says what still needs doing.
      if (said) say(said.partial ? 'warning' : 'success', said.text, said.partial ? 6 : undefined);
    },
    onError: (error, variables, _result, mutation) => {
      // Every versioned save, whoever runs it, says a lost race the same way.
      if (saidByMutationCache(error)) return showStaleVersion();
      const meta = mutation.options.meta;
      const binding =
        variables !== null && typeof variables === 'object' ? bindings.get(variables) : undefined;
      if (!meta && !binding) return;
      const prefix = typeof meta?.error === 'function' ? meta.error(variables as never) : meta?.error;
      if (prefix === false) return;
      const apiError = error instanceof ApiError ? error : null;
      if (binding && showServerErrors(binding.form, apiError, translate, binding.fieldOf, binding.rename)) {
        return;
      }
      const reason = errorMessage(error);
      const own = apiError && meta?.codes?.[apiError.code];
      if (own === false) return;
      if (own) {
        const text = typeof own === 'function' ? own(variables as never, apiError) : own;
        return say('error', textOf(text, { reason }));
      }
      say('error', prefix ? joined(translate(prefix), reason) : reason);
    },
  });
}

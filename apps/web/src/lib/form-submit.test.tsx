import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, type FormInstance } from 'antd';
import { z } from 'zod';
import { pinSchema } from '@cacifo/contract/validation';
import { ApiError } from './api-client';
import { FeedbackHost } from './feedback';
import { i18n } from './i18n';
import { useFormSubmit } from './form-submit';
import { createMutationCache } from './mutation-feedback';
import { recheckOnChange } from './zod-form';

const schema = z.object({ name: z.string().trim().min(1, 'validation.required'), pin: pinSchema });

interface Server {
  calls: number;
  form: FormInstance;
  /** Settles the request in flight. */
  answer: (outcome: 'ok' | ApiError) => void;
}

function renderForm(): Server {
  const server = { calls: 0, answer: () => {} } as unknown as Server;
  const client = new QueryClient({ mutationCache: createMutationCache() });
  function Harness() {
    const [form] = Form.useForm();
    server.form = form;
    const save = useMutation({
      mutationFn: (_body: { name: string; pin: string }) => {
        server.calls += 1;
        return new Promise<string>((resolve, reject) => {
          server.answer = (outcome) => (outcome === 'ok' ? resolve('ok') : reject(outcome));
        });
      },
      meta: { success: 'admins.form.saved' },
    });
    const { submit, pending } = useFormSubmit(form, save, { schema, fieldOf: { L41: 'pin' } });
    return (
      <Form form={form} onValuesChange={recheckOnChange(form)} onFinish={() => void submit()}>
        <Form.Item name="name">
          <Input id="name" />
        </Form.Item>
        <Form.Item name="pin">
          <Input id="pin" />
        </Form.Item>
        <Button htmlType="submit" loading={pending}>
          save
        </Button>
      </Form>
    );
  }
  render(
    <QueryClientProvider client={client}>
      <App>
        <FeedbackHost />
        <Harness />
      </App>
    </QueryClientProvider>,
  );
  return server;
}

const type = async (id: string, value: string) =>
  act(async () => {
    fireEvent.change(document.getElementById(id)!, { target: { value } });
  });
/** Submits the way Enter in a field does, which a loading button cannot stop. */
const submitForm = async () =>
  act(async () => {
    fireEvent.submit(document.querySelector('form')!);
    await new Promise((r) => setTimeout(r, 0));
  });
const fieldErrors = (form: FormInstance) => form.getFieldsError().flatMap((f) => f.errors);
const flush = () => act(async () => new Promise((r) => setTimeout(r, 20)));

beforeAll(async () => {
  // No texts loaded: a message says its key, which is what the tests look for.
  await i18n.init({ lng: 'pt', resources: { pt: { translation: {} } } });
});
afterEach(cleanup);

// antd forms are slow to render in jsdom on a busy machine.
describe('useFormSubmit', { timeout: 30_000 }, () => {
  it('sends nothing while a field is wrong, and one request however often it is submitted', async () => {
    const server = renderForm();
    await submitForm();
    expect(server.calls).toBe(0);
    await type('name', 'Ana');
    await type('pin', '4321');
    await submitForm();
    await submitForm();
    await submitForm();
    expect(server.calls).toBe(1);
    expect(screen.getByRole('button').className).toContain('ant-btn-loading');
    await act(async () => server.answer('ok'));
    await flush();
    expect(screen.getByRole('button').className).not.toContain('ant-btn-loading');
    await submitForm();
    expect(server.calls).toBe(2);
  });

  it('puts a refusal on the field it names and nowhere else; the field loses it when edited', async () => {
    const server = renderForm();
    await type('name', 'Ana');
    await type('pin', '1234');
    await submitForm();
    await act(async () => server.answer(new ApiError('L41', 409)));
    await flush();
    expect(fieldErrors(server.form)).toEqual([expect.any(String)]);
    expect(server.form.getFieldError('pin')).toHaveLength(1);
    expect(document.querySelector('.ant-message')?.textContent ?? '').toBe('');
    await type('pin', '4321');
    expect(fieldErrors(server.form)).toEqual([]);
  });

  it('says the success and any refusal no field can show as a message, once', async () => {
    const server = renderForm();
    await type('name', 'Ana');
    await type('pin', '1234');
    await submitForm();
    await act(async () => server.answer('ok'));
    await flush();
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
    expect(document.querySelector('.ant-message')?.textContent).toContain('admins.form.saved');
    await submitForm();
    await act(async () => server.answer(new ApiError('internalError', 500)));
    await flush();
    expect(fieldErrors(server.form)).toEqual([]);
    expect(document.querySelectorAll('.ant-message-error')).toHaveLength(1);
  });
});

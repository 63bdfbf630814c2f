import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import type { Faq, Project, ServiceConfig, TermsVersion, UserTypeConfig } from '@cacifo/contract';
import { call, describeEachDb, signIn } from './helpers/test-app.js';

describeEachDb('Terms and FAQs', (ctx) => {
  it('terms: each save is a new version per language; the newest is public', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const publish = (language: string, body: string) =>
      call<TermsVersion>(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/admin/terms',
        payload: { language, body },
      });
    expect((await publish('pt', 'Termos v1')).body.Data.version).toBe(1);
    expect((await publish('pt', 'Termos v2')).body.Data).toMatchObject({ version: 2, language: 'pt' });
    expect((await publish('fr', 'Conditions')).body.Data.version).toBe(1);
    const same = await publish('pt', 'Termos v2');
    expect([same.status, same.body.Description]).toEqual([409, 'conflict']);
    expect((await publish('de', 'x')).status).toBe(400);
    expect((await publish('pt', '   ')).status).toBe(400);
    const versions = await call<TermsVersion[]>(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/admin/terms?language=pt',
    });
    expect(versions.body.Data.map((v) => v.version)).toEqual([2, 1]);
    const current = await call<TermsVersion>(ctx.app, null, { method: 'GET', url: '/api/terms/pt' });
    expect(current.body.Data.body).toBe('Termos v2');
    expect((await call(ctx.app, null, { method: 'GET', url: '/api/terms/es' })).body.Data).toBeNull();
    const editor = await signIn(ctx.app, 'editor');
    expect(
      (
        await call(ctx.app, editor.token, {
          method: 'POST',
          url: '/api/admin/terms',
          payload: { language: 'pt', body: 'x' },
        })
      ).status,
    ).toBe(403);
  });

  it('FAQs: add at the end, edit, save an order, delete; per language; public read', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const add = (language: string, question: string) =>
      call<Faq>(ctx.app, admin.token, {
        method: 'POST',
        url: '/api/admin/faqs',
        payload: { language, question, answer: `R: ${question}` },
      });
    const a = (await add('en', 'A?')).body.Data;
    const b = (await add('en', 'B?')).body.Data;
    const c = (await add('en', 'C?')).body.Data;
    await add('pt', 'Só em português?');
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);

    const edit = await call<Faq>(ctx.app, admin.token, {
      method: 'PUT',
      url: `/api/admin/faqs/${b.id}`,
      payload: { updatedAt: await versionOf(ctx.app, 'faqs', b.id), question: 'B2?', answer: 'Yes' },
    });
    expect(edit.body.Data).toMatchObject({ question: 'B2?', answer: 'Yes' });
    const reorder = await call<Faq[]>(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/faqs/order',
      payload: { language: 'en', ids: [c.id, a.id, b.id] },
    });
    expect(reorder.body.Data.map((f) => f.question)).toEqual(['C?', 'A?', 'B2?']);

    const stale = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/faqs/order',
      payload: { language: 'en', ids: [c.id, a.id] },
    });
    expect([stale.status, stale.body.Description]).toEqual([409, 'conflict']);
    const dup = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/faqs/order',
      payload: { language: 'en', ids: [c.id, a.id, a.id] },
    });
    expect(dup.status).toBe(409);

    expect(
      (await call(ctx.app, admin.token, { method: 'DELETE', url: `/api/admin/faqs/${a.id}` })).status,
    ).toBe(200);
    expect(
      (await call(ctx.app, admin.token, { method: 'DELETE', url: `/api/admin/faqs/${a.id}` })).status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, admin.token, {
          method: 'PUT',
          url: `/api/admin/faqs/${a.id}`,
          payload: { updatedAt: await versionOf(ctx.app, 'faqs', a.id), question: 'x', answer: 'y' },
        })
      ).status,
    ).toBe(404);
    const pub = await call<Faq[]>(ctx.app, null, { method: 'GET', url: '/api/faqs/en' });
    expect(pub.body.Data.map((f) => f.question)).toEqual(['C?', 'B2?']);
    expect((await call<Faq[]>(ctx.app, null, { method: 'GET', url: '/api/faqs/pt' })).body.Data).toHaveLength(
      1,
    );
    expect(
      (
        await call(ctx.app, admin.token, {
          method: 'POST',
          url: '/api/admin/faqs',
          payload: { language: 'en', question: '', answer: 'x' },
        })
      ).status,
    ).toBe(400);
    const editor = await signIn(ctx.app, 'editor');
    expect(
      (await call(ctx.app, editor.token, { method: 'GET', url: '/api/admin/faqs?language=en' })).status,
    ).toBe(403);
  });
});

describeEachDb('Projects, user types and service', (ctx) => {
  it('projects: create, rename, unique names, delete; editors manage, couriers cannot', async () => {
    const editor = await signIn(ctx.app, 'editor');
    const make = (name: string) =>
      call<Project>(ctx.app, editor.token, {
        method: 'POST',
        url: '/api/admin/projects',
        payload: { name, description: '' },
      });
    const p = (await make('Obra Norte')).body.Data;
    expect(p).toMatchObject({ name: 'Obra Norte', description: null });
    const dup = await make('obra norte');
    expect([dup.status, dup.body.Description]).toEqual([409, 'conflict']);
    const renamed = await call<Project>(ctx.app, editor.token, {
      method: 'PUT',
      url: `/api/admin/projects/${p.id}`,
      payload: { updatedAt: await versionOf(ctx.app, 'projects', p.id), name: 'Obra Sul' },
    });
    expect(renamed.body.Data.name).toBe('Obra Sul');
    expect(
      (await call(ctx.app, editor.token, { method: 'DELETE', url: `/api/admin/projects/${p.id}` })).status,
    ).toBe(200);
    expect(
      (await call(ctx.app, editor.token, { method: 'DELETE', url: `/api/admin/projects/${p.id}` })).status,
    ).toBe(404);
    const courier = await signIn(ctx.app, 'courier');
    expect((await call(ctx.app, courier.token, { method: 'GET', url: '/api/admin/projects' })).status).toBe(
      403,
    );
  });

  it('user types: employee and intern with a label and default validity', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const list = await call<UserTypeConfig[]>(ctx.app, admin.token, {
      method: 'GET',
      url: '/api/admin/user-types',
    });
    expect(list.body.Data.map((t) => t.code)).toEqual(['employee', 'intern']);
    const saved = await call<UserTypeConfig>(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/user-types/intern',
      payload: { updatedAt: null, name: 'Estágio', defaultValidDays: 90 },
    });
    expect(saved.body.Data).toMatchObject({ code: 'intern', name: 'Estágio', defaultValidDays: 90 });
    expect(
      (
        await call(ctx.app, admin.token, {
          method: 'PUT',
          url: '/api/admin/user-types/visitor',
          payload: { updatedAt: null, name: 'X', defaultValidDays: null },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(ctx.app, admin.token, {
          method: 'PUT',
          url: '/api/admin/user-types/intern',
          payload: { updatedAt: null, name: 'X', defaultValidDays: 0 },
        })
      ).status,
    ).toBe(400);
  });

  it('service configuration: defaults, save, validation, admins only', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const cfg = await call<ServiceConfig>(ctx.app, admin.token, { method: 'GET', url: '/api/admin/service' });
    expect(cfg.body.Data).toMatchObject({ operatorName: 'Cacifo', defaultLanguage: 'pt' });
    const next = {
      ...cfg.body.Data,
      operatorName: 'Cacifos Lisboa',
      supportPhone: '+351912345678',
      supportEmail: 'apoio@cacifo.pt',
    };
    const saved = await call<ServiceConfig>(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/service',
      payload: next,
    });
    const { updatedAt, ...savedConfig } = saved.body.Data as ServiceConfig & { updatedAt: string | null };
    const { updatedAt: _read, ...sent } = next as typeof next & { updatedAt: string | null };
    expect(savedConfig).toEqual(sent);
    expect(updatedAt).not.toBeNull();
    const bad = await call(ctx.app, admin.token, {
      method: 'PUT',
      url: '/api/admin/service',
      payload: { ...next, updatedAt, smsSender: 'Far too long sender' },
    });
    expect(bad.status).toBe(400);
    expect(
      (await call<ServiceConfig>(ctx.app, admin.token, { method: 'GET', url: '/api/admin/service' })).body
        .Data.operatorName,
    ).toBe('Cacifos Lisboa');
    const editor = await signIn(ctx.app, 'editor');
    expect((await call(ctx.app, editor.token, { method: 'GET', url: '/api/admin/service' })).status).toBe(
      403,
    );
  });
});

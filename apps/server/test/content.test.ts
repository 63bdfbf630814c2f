import { versionOf } from './helpers/versions.js';
import { expect, it } from 'vitest';
import { API, type ContentLanguage } from '@cacifo/contract';
import { call, callApi, describeEachDb, signIn } from './helpers/test-app.js';

describeEachDb('Terms and FAQs', (ctx) => {
  it('terms: each save is a new version per language; the newest is public', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const publish = (language: ContentLanguage, body: string) =>
      callApi(ctx.app, admin.token, API.content.publishTerms, { body: { language, body } });
    expect((await publish('pt', 'Termos v1')).body.Data.version).toBe(1);
    expect((await publish('pt', 'Termos v2')).body.Data).toMatchObject({ version: 2, language: 'pt' });
    expect((await publish('fr', 'Conditions')).body.Data.version).toBe(1);
    const same = await publish('pt', 'Termos v2');
    expect([same.status, same.body.Description]).toEqual([409, 'conflict']);
    // A language the terms are not written in is past the types: sent as it is.
    const german = await call(ctx.app, admin.token, {
      method: 'POST',
      url: API.content.publishTerms.path,
      payload: { language: 'de', body: 'x' },
    });
    expect(german.status).toBe(400);
    expect((await publish('pt', '   ')).status).toBe(400);
    const versions = await callApi(ctx.app, admin.token, API.content.termsVersions, {
      query: { language: 'pt' },
    });
    expect(versions.body.Data.map((v) => v.version)).toEqual([2, 1]);
    const current = await callApi(ctx.app, null, API.content.currentTerms, { params: { language: 'pt' } });
    expect(current.body.Data!.body).toBe('Termos v2');
    expect(
      (await callApi(ctx.app, null, API.content.currentTerms, { params: { language: 'es' } })).body.Data,
    ).toBeNull();
    const editor = await signIn(ctx.app, 'editor');
    expect(
      (
        await callApi(ctx.app, editor.token, API.content.publishTerms, {
          body: { language: 'pt', body: 'x' },
        })
      ).status,
    ).toBe(403);
  });

  it('FAQs: add at the end, edit, save an order, delete; per language; public read', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const add = (language: ContentLanguage, question: string) =>
      callApi(ctx.app, admin.token, API.content.addFaq, {
        body: { language, question, answer: `R: ${question}` },
      });
    const a = (await add('en', 'A?')).body.Data;
    const b = (await add('en', 'B?')).body.Data;
    const c = (await add('en', 'C?')).body.Data;
    await add('pt', 'Só em português?');
    expect([a.position, b.position, c.position]).toEqual([0, 1, 2]);

    const edit = await callApi(ctx.app, admin.token, API.content.updateFaq, {
      params: { id: b.id },
      body: { updatedAt: await versionOf(ctx.app, 'faqs', b.id), question: 'B2?', answer: 'Yes' },
    });
    expect(edit.body.Data).toMatchObject({ question: 'B2?', answer: 'Yes' });
    const order = (ids: number[]) =>
      callApi(ctx.app, admin.token, API.content.reorderFaqs, { body: { language: 'en', ids } });
    const reorder = await order([c.id, a.id, b.id]);
    expect(reorder.body.Data.map((f) => f.question)).toEqual(['C?', 'A?', 'B2?']);

    const stale = await order([c.id, a.id]);
    expect([stale.status, stale.body.Description]).toEqual([409, 'conflict']);
    const dup = await order([c.id, a.id, a.id]);
    expect(dup.status).toBe(409);

    const remove = (id: number) => callApi(ctx.app, admin.token, API.content.deleteFaq, { params: { id } });
    expect((await remove(a.id)).status).toBe(200);
    expect((await remove(a.id)).status).toBe(404);
    expect(
      (
        await callApi(ctx.app, admin.token, API.content.updateFaq, {
          params: { id: a.id },
          body: { updatedAt: await versionOf(ctx.app, 'faqs', a.id), question: 'x', answer: 'y' },
        })
      ).status,
    ).toBe(404);
    const publicFaqs = (language: ContentLanguage) =>
      callApi(ctx.app, null, API.content.publicFaqs, { params: { language } });
    const pub = await publicFaqs('en');
    expect(pub.body.Data.map((f) => f.question)).toEqual(['C?', 'B2?']);
    expect((await publicFaqs('pt')).body.Data).toHaveLength(1);
    expect(
      (
        await callApi(ctx.app, admin.token, API.content.addFaq, {
          body: { language: 'en', question: '', answer: 'x' },
        })
      ).status,
    ).toBe(400);
    const editor = await signIn(ctx.app, 'editor');
    expect(
      (await callApi(ctx.app, editor.token, API.content.faqs, { query: { language: 'en' } })).status,
    ).toBe(403);
  });
});

describeEachDb('Projects, user types and service', (ctx) => {
  it('projects: create, rename, unique names, delete; editors manage, couriers cannot', async () => {
    const editor = await signIn(ctx.app, 'editor');
    const make = (name: string) =>
      callApi(ctx.app, editor.token, API.catalog.createProject, { body: { name, description: '' } });
    const p = (await make('Obra Norte')).body.Data;
    expect(p).toMatchObject({ name: 'Obra Norte', description: null });
    const dup = await make('obra norte');
    expect([dup.status, dup.body.Description]).toEqual([409, 'conflict']);
    const renamed = await callApi(ctx.app, editor.token, API.catalog.updateProject, {
      params: { id: p.id },
      body: { updatedAt: await versionOf(ctx.app, 'projects', p.id), name: 'Obra Sul' },
    });
    expect(renamed.body.Data.name).toBe('Obra Sul');
    const remove = () => callApi(ctx.app, editor.token, API.catalog.deleteProject, { params: { id: p.id } });
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
    const courier = await signIn(ctx.app, 'courier');
    expect((await callApi(ctx.app, courier.token, API.catalog.projects, {})).status).toBe(403);
  });

  it('user types: employee and intern with a label and default validity', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const list = await callApi(ctx.app, admin.token, API.catalog.userTypes, {});
    expect(list.body.Data.map((t) => t.code)).toEqual(['employee', 'intern']);
    const save = (code: string, name: string, defaultValidDays: number | null) =>
      callApi(ctx.app, admin.token, API.catalog.saveUserType, {
        params: { code },
        body: { updatedAt: null, name, defaultValidDays },
      });
    const saved = await save('intern', 'Estágio', 90);
    expect(saved.body.Data).toMatchObject({ code: 'intern', name: 'Estágio', defaultValidDays: 90 });
    expect((await save('visitor', 'X', null)).status).toBe(404);
    expect((await save('intern', 'X', 0)).status).toBe(400);
  });

  it('service configuration: defaults, save, validation, admins only', async () => {
    const admin = await signIn(ctx.app, 'admin');
    const read = (token: string) => callApi(ctx.app, token, API.catalog.serviceConfig, {});
    const cfg = await read(admin.token);
    expect(cfg.body.Data).toMatchObject({ operatorName: 'Cacifo', defaultLanguage: 'pt' });
    const next = {
      ...cfg.body.Data,
      operatorName: 'Cacifos Lisboa',
      supportPhone: '+351912345678',
      supportEmail: 'apoio@cacifo.pt',
    };
    const save = (body: typeof next) =>
      callApi(ctx.app, admin.token, API.catalog.saveServiceConfig, { body });
    const saved = await save(next);
    const { updatedAt, ...savedConfig } = saved.body.Data;
    const { updatedAt: _read, ...sent } = next;
    expect(savedConfig).toEqual(sent);
    expect(updatedAt).not.toBeNull();
    const bad = await save({ ...next, updatedAt, smsSender: 'Far too long sender' });
    expect(bad.status).toBe(400);
    expect((await read(admin.token)).body.Data.operatorName).toBe('Cacifos Lisboa');
    const editor = await signIn(ctx.app, 'editor');
    expect((await read(editor.token)).status).toBe(403);
  });
});

import { expect, test } from '@playwright/test';
import { API } from '@cacifo/contract';
import { ConflictDialog } from '../pages/conflict-dialog';
import { ProjectsPage } from '../pages/projects-page';
import { ACCOUNTS } from '../support/accounts';
import { callApi, signIn, tokenFor } from '../support/api';

/**
 * Lost updates (issue #20, docs/adr/0027): an editor saving over a change made since they opened
 * the record is refused, told so in one dialog, and reloading shows the other person's change.
 */
test("a save over someone else's newer save shows the conflict and reloads (pt)", async ({ page }) => {
  const token = (await tokenFor(page.request, ACCOUNTS.admin)).access_token;
  const name = `Obra ${Date.now() % 100_000}`;
  const created = await callApi(page.request, token, API.catalog.createProject, { body: { name } });
  const project = created.body.Data;

  await signIn(page, ACCOUNTS.admin, '/projects');
  const projects = new ProjectsPage(page);
  await projects.edit(new RegExp(name));
  await expect(projects.name).toHaveValue(name);

  // Meanwhile another admin saves the same project.
  const other = await callApi(page.request, token, API.catalog.updateProject, {
    params: { id: project.id },
    body: { name: `${name} (Rita)`, updatedAt: project.updatedAt },
  });
  expect(other.status).toBe(200);

  await projects.name.fill(`${name} (Ana)`);
  await projects.save.click();
  const conflict = new ConflictDialog(page);
  await expect(conflict.dialog).toBeVisible();
  await expect(conflict.dialog).toContainText('Outra pessoa guardou este registo depois de o ter aberto');
  await expect(conflict.keepEditing).toBeVisible();

  await conflict.reload.click();
  await expect(projects.row(new RegExp(`${name} \\(Rita\\)`))).toBeVisible();
  await expect(projects.row(new RegExp(`${name} \\(Ana\\)`))).toHaveCount(0);
  const list = await callApi(page.request, token, API.catalog.projects, {});
  const stored = list.body.Data.find((p) => p.id === project.id);
  expect(stored?.name).toBe(`${name} (Rita)`);
});

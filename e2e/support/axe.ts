import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.2 A and AA rule sets, the ones every screen must pass. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface Scope {
  /** Check only this part of the page (axe fails when the page has none of it). */
  include?: string;
  /** Leave this part of the page out. */
  exclude?: string;
  /** Every rule axe has (best practices too), not only the WCAG A/AA ones. */
  allRules?: boolean;
}

/** An element axe names, with what it measured (a contrast finding carries both colours and the ratio). */
function named(node: { target: unknown[]; any: { message: string }[] }): string {
  const measured = node.any.map((c) => c.message).join('; ');
  return measured ? `${node.target.join(' ')} [${measured}]` : node.target.join(' ');
}

/**
 * What axe (WCAG 2.2 A/AA) finds serious or critical on the page as it is now, one line per rule
 * with the elements it names. Expect the answer to equal [].
 *
 * Legacy mode runs axe once in the page itself. The default mode runs it per frame and then opens a
 * blank page to merge the frames' results: about 3.5 of every 5 seconds of a check went to that new
 * page, and our screens have no frames to merge (no <iframe> in apps/web).
 */
export async function seriousAxeIssues(page: Page, scope: Scope = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    // Only the failures: listing every passing node doubles the time of a page.
    .options({ resultTypes: ['violations'] });
  if (!scope.allRules) builder.withTags(WCAG_TAGS);
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map(named).join(', ')}`);
}

import { describe, expect, it } from 'vitest';
import type { Bookmark } from '@cacifo/contract';
import { filterSuggestions } from './bookmarks-bar';

const pages: Bookmark[] = Array.from({ length: 120 }, (_, i) => ({
  id: `page${i}`,
  target: `page${i}`,
  title: `nav.page${i}`,
  link: `/page-${i}`,
  starred: false,
}));
const label = (b: Bookmark) => `Página ${b.id.slice(4)}`;

describe('bookmark suggestions (SPEC §9)', () => {
  it('shows up to 100 while the search box is empty', () => {
    expect(filterSuggestions(pages, '', label)).toHaveLength(100);
    expect(filterSuggestions(pages, '   ', label)).toHaveLength(100);
  });

  it('shows at most 6 matches while typing, case-insensitively', () => {
    expect(filterSuggestions(pages, 'PÁGINA', label)).toHaveLength(6);
    expect(filterSuggestions(pages, 'página 11', label).map((b) => b.id)).toEqual([
      'page11',
      'page110',
      'page111',
      'page112',
      'page113',
      'page114',
    ]);
    expect(filterSuggestions(pages, 'nothing', label)).toEqual([]);
  });
});

import {
  routesFor,
  STARRED_BOOKMARKS_MAX,
  type AppRoute,
  type Bookmark,
  type BookmarksReply,
  type MainSearchItem,
  type Module,
} from '@cacifo/contract';
import type { Db } from '../../db/schema.js';
import { nowIso } from '../../db/helpers.js';
import { AppError } from '../../lib/errors.js';
import type { Account } from '../../lib/account.js';
import { bookmarksRepository } from './bookmarks.repository.js';

/** Pages a role can bookmark or search: its routes without path parameters. */
function pagesFor(account: Account, modules: readonly Module[]): AppRoute[] {
  return routesFor(account.role, modules).filter((r) => !r.path.includes(':'));
}

function toBookmark(r: AppRoute, starred: boolean): Bookmark {
  return {
    id: r.id,
    target: r.id,
    title: `nav.${r.id}`,
    link: r.path,
    ...(r.icon ? { icon: r.icon } : {}),
    starred,
  };
}

export class BookmarksService {
  constructor(
    private readonly db: Db,
    private readonly modules: readonly Module[],
  ) {}

  async data(account: Account): Promise<BookmarksReply> {
    const pages = pagesFor(account, this.modules);
    const starredIds = await bookmarksRepository.starredRouteIds(this.db, account.id);
    const starred = new Set(starredIds);
    const byId = new Map(pages.map((p) => [p.id, p]));
    return {
      suggestions: pages.map((p) => toBookmark(p, starred.has(p.id))),
      // Starred order is the order they were starred; a page the role lost is silently dropped.
      bookmarks: starredIds.flatMap((id) => {
        const page = byId.get(id);
        return page ? [toBookmark(page, true)] : [];
      }),
    };
  }

  async update(account: Account, id: string, starred: boolean): Promise<BookmarksReply> {
    const page = pagesFor(account, this.modules).find((p) => p.id === id);
    if (!page) throw new AppError('notFound');
    if (starred) {
      const current = await bookmarksRepository.starredRouteIds(this.db, account.id);
      if (!current.includes(id) && current.length >= STARRED_BOOKMARKS_MAX) {
        throw new AppError('ruleBroken', { max: STARRED_BOOKMARKS_MAX });
      }
      await bookmarksRepository.star(this.db, account.id, id, nowIso());
    } else {
      await bookmarksRepository.unstar(this.db, account.id, id);
    }
    return this.data(account);
  }

  search(account: Account): MainSearchItem[] {
    return pagesFor(account, this.modules).map((p) => ({
      id: p.id,
      title: `nav.${p.id}`,
      link: p.path,
      ...(p.icon ? { icon: p.icon } : {}),
      category: 'group' in p && p.group ? p.group : 'other',
    }));
  }
}

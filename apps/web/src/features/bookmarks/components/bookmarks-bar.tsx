import { useMemo, useState } from 'react';
import { Button, Empty, Input, Popover, Tooltip, Typography } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BOOKMARK_SUGGESTIONS_IDLE,
  BOOKMARK_SUGGESTIONS_TYPING,
  STARRED_BOOKMARKS_MAX,
} from '@cacifo/contract/bookmarks';
import type { Bookmark } from '@cacifo/contract';
import { RouteIcon } from '@/components/route-icon';
import { say } from '@/lib/feedback';
import { pageLabel } from '@/lib/i18n-keys';
import { useBookmarks } from '../api/get-bookmarks';
import { useUpdateBookmark } from '../api/update-bookmark';

/** SPEC §9: 6 suggestions while typing, otherwise up to 100. */
export function filterSuggestions(items: Bookmark[], query: string, label: (b: Bookmark) => string) {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return items.slice(0, BOOKMARK_SUGGESTIONS_IDLE);
  return items.filter((b) => label(b).toLocaleLowerCase().includes(q)).slice(0, BOOKMARK_SUGGESTIONS_TYPING);
}

/** Starred shortcuts in the navbar, and a finder to star or unstar any page the role may open. */
export function BookmarksBar({ showShortcuts }: { showShortcuts: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useBookmarks();
  const update = useUpdateBookmark();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  const label = (b: Bookmark) => pageLabel(t as (key: string) => string, b.id);
  const all = useMemo(() => data?.suggestions ?? [], [data]);
  const starred = useMemo(
    () => (data?.bookmarks ?? all).filter((b) => b.starred).slice(0, STARRED_BOOKMARKS_MAX),
    [data, all],
  );
  const shown = filterSuggestions(all, query, label);

  const toggle = (b: Bookmark) => {
    if (!b.starred && starred.length >= STARRED_BOOKMARKS_MAX) {
      // Checked before any request: not a mutation's outcome, so said here.
      say('warning', t('bookmarks.limit', { max: STARRED_BOOKMARKS_MAX }));
      return;
    }
    // A refusal is said by the mutation's meta; a second click while it runs is ignored.
    if (update.isPending) return;
    update.mutate({ id: b.id, starred: !b.starred });
  };

  const finder = (
    <div className="bookmark-finder" data-testid="bookmark-finder">
      <Input.Search
        placeholder={t('bookmarks.placeholder')}
        aria-label={t('bookmarks.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        allowClear
        autoFocus
      />
      <Typography.Text type="secondary" className="bookmark-finder-count">
        {t('bookmarks.starredCount', { count: starred.length, max: STARRED_BOOKMARKS_MAX })}
      </Typography.Text>
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bookmarks.empty')} />
      ) : (
        <ul className="bookmark-list">
          {shown.map((b) => (
            <li key={b.id} className="bookmark-row">
              <button
                type="button"
                className="bookmark-open"
                onClick={() => {
                  setOpen(false);
                  navigate(b.link);
                }}
              >
                <RouteIcon name={b.icon} />
                <span>{label(b)}</span>
              </button>
              <Button
                type="text"
                size="small"
                aria-pressed={b.starred}
                aria-label={`${b.starred ? t('bookmarks.unstar') : t('bookmarks.star')}: ${label(b)}`}
                data-testid={`bookmark-star-${b.id}`}
                icon={b.starred ? <StarFilled className="bookmark-star-on" /> : <StarOutlined />}
                loading={update.isPending && update.variables?.id === b.id}
                onClick={() => toggle(b)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <nav className="bookmarks-bar" aria-label={t('bookmarks.title')}>
      {showShortcuts &&
        starred.map((b) => (
          <Tooltip key={b.id} title={label(b)}>
            <Link
              to={b.link}
              className="navbar-icon-link"
              aria-label={label(b)}
              data-testid={`bookmark-${b.id}`}
            >
              <RouteIcon name={b.icon} />
            </Link>
          </Tooltip>
        ))}
      <Popover
        trigger="click"
        placement="bottomLeft"
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (!o) setQuery('');
        }}
        content={finder}
        title={t('bookmarks.title')}
        destroyOnHidden
      >
        <Button
          type="text"
          shape="circle"
          icon={<StarOutlined />}
          aria-label={t('bookmarks.add')}
          data-testid="bookmarks-open"
        />
      </Popover>
    </nav>
  );
}

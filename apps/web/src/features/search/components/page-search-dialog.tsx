import { useMemo, useState } from 'react';
import { AutoComplete, Input, Modal, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAV_GROUPS } from '@cacifo/contract/navigation';
import type { MainSearchItem } from '@cacifo/contract';
import { RouteIcon } from '@/components/route-icon';
import { navGroupKey, navKey } from '@/lib/i18n-keys';
import { useMainSearch } from '../api/get-main-search';

const PAGE_SEARCH_LIMIT = 8;

/**
 * The page search dialog. Its own chunk (AutoComplete brings antd's select and virtual list): the
 * navbar loads it the first time the magnifier is pressed.
 */
export default function PageSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const { data, isFetching } = useMainSearch(open);

  const options = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    const label = (i: MainSearchItem) => t(navKey(i.id));
    const hits = (data ?? []).filter((i) => !q || label(i).toLocaleLowerCase().includes(q));
    const categories = [...new Set(hits.map((i) => i.category))].sort(
      (a, b) => NAV_GROUPS.indexOf(a as never) - NAV_GROUPS.indexOf(b as never),
    );
    return categories.map((category) => ({
      // Pages outside the menu (/employees, /service...) come last, under "Other pages".
      label: (NAV_GROUPS as readonly string[]).includes(category)
        ? t(navGroupKey(category))
        : t('pageSearch.otherPages'),
      options: hits
        .filter((i) => i.category === category)
        .slice(0, PAGE_SEARCH_LIMIT)
        .map((i) => ({
          value: i.link,
          label: (
            <span className="page-search-option">
              <RouteIcon name={i.icon} /> {label(i)}
            </span>
          ),
        })),
    }));
  }, [data, query, t]);

  const close = () => {
    onClose();
    setQuery('');
  };

  return (
    <Modal open={open} onCancel={close} footer={null} title={t('pageSearch.title')} destroyOnHidden>
      <AutoComplete
        options={options}
        value={query}
        onChange={setQuery}
        onSelect={(link: string) => {
          close();
          navigate(link);
        }}
        style={{ width: '100%' }}
        defaultActiveFirstOption
        notFoundContent={isFetching ? t('app.loading') : t('common.noResults')}
      >
        <Input
          size="large"
          prefix={<SearchOutlined aria-hidden />}
          placeholder={t('pageSearch.placeholder')}
          aria-label={t('pageSearch.placeholder')}
          autoFocus
        />
      </AutoComplete>
      <Typography.Text type="secondary" className="page-search-hint">
        {t('pageSearch.hint')}
      </Typography.Text>
    </Modal>
  );
}

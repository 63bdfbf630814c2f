import { lazy, Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const PageSearchDialog = lazy(() => import('./page-search-dialog'));

/** The navbar's page search (magnifier icon): jump to any page the role may open. */
export function PageSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so the dialog keeps its closing animation afterwards.
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <Tooltip title={t('navbar.pageSearch')}>
        <Button
          type="text"
          shape="circle"
          icon={<SearchOutlined />}
          aria-label={t('navbar.pageSearch')}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
          data-testid="page-search-open"
        />
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <PageSearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

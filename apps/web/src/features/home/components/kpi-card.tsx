import type { ReactNode } from 'react';
import { Card, Skeleton } from 'antd';
import { Link } from 'react-router';

interface KpiCardProps {
  title: string;
  value: number | string | undefined;
  icon: ReactNode;
  tone: 'teal' | 'blue' | 'orange' | 'red' | 'amber' | 'violet';
  hint?: ReactNode;
  to?: string;
  testId?: string;
}

/** One headline number of the overview; the whole card links to the screen behind it. */
export function KpiCard({ title, value, icon, tone, hint, to, testId }: KpiCardProps) {
  const body = (
    <Card className={`kpi-card kpi-${tone}`} hoverable={!!to} data-testid={testId}>
      <div className="kpi-row">
        <span className="kpi-icon" aria-hidden="true">
          {icon}
        </span>
        <div className="kpi-text">
          <span className="kpi-title">{title}</span>
          {/* The value's line and the hint's line are kept while loading, so the cards do not grow
              when the numbers arrive and push the page down (layout shift, Lighthouse CLS). */}
          <span className="kpi-value">
            {value === undefined ? <Skeleton.Button active size="small" /> : value}
          </span>
          <span className="kpi-hint">{hint || '\u00a0'}</span>
        </div>
      </div>
    </Card>
  );
  return to ? (
    <Link to={to} className="kpi-link">
      {body}
    </Link>
  ) : (
    body
  );
}

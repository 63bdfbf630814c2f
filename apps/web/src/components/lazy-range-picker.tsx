import { lazy, Suspense, type ComponentProps } from 'react';
import type { DatePicker } from 'antd';

const RangePicker = lazy(() =>
  import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })),
);

type RangePickerProps = ComponentProps<typeof DatePicker.RangePicker>;

/**
 * antd's RangePicker, loaded after the screen that shows it: the picker and its calendars are
 * about 30 KB gzip, which a list page should not wait for. Until then an empty box of the same
 * size holds its place in the filter bar (no layout shift).
 */
export function LazyRangePicker(props: RangePickerProps) {
  return (
    <Suspense fallback={<span className="range-picker-placeholder" style={props.style} aria-hidden="true" />}>
      <RangePicker {...props} />
    </Suspense>
  );
}

import { useCustomizer, type LayoutMode } from '@/lib/customizer';
import { MEDIA, useMediaQuery } from '@/lib/use-media-query';

/** The horizontal layout only exists from 1200 px; below it the shell is vertical whatever was chosen. */
export function useEffectiveLayout(): { layout: LayoutMode; wide: boolean } {
  const { layout } = useCustomizer();
  const wide = useMediaQuery(MEDIA.wide);
  return { layout: wide ? layout : 'vertical', wide };
}

import { useEffect, useMemo } from 'react';
import { useQuery } from 'urql';
import { setCustomFontUrls } from '../../engine/fonts';
import { brandFontChoices, fontChoices, type FontChoice } from './fontOptions';
import { FontFamiliesQuery } from './fontFamiliesQuery';

/**
 * The font list (brand fonts first, then the catalogue), and the brand fonts' files handed to the canvas
 * so that it loads and draws them. Asked again on every mount, so a font just added to the brand kit is
 * there; the catalogue part is there before the answer comes.
 */
export function useFontChoices(): FontChoice[] {
  const [{ data }] = useQuery({ query: FontFamiliesQuery, requestPolicy: 'cache-and-network' });
  const brand = useMemo(() => brandFontChoices(data?.fontFamilies), [data]);
  useEffect(() => {
    // While the list is being fetched, the files already known stay.
    if (!data) return;
    setCustomFontUrls(
      brand.flatMap((choice) => (choice.fontUrl ? [{ family: choice.family, url: choice.fontUrl }] : [])),
    );
  }, [data, brand]);
  return useMemo(() => fontChoices(brand), [brand]);
}

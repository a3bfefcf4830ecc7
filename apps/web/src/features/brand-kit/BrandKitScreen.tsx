import { Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import type { ClientScreenProps } from '../clients';
import { BrandKitQuery } from './api/brandKit';
import { AudioSection } from './AudioSection';
import { brandKitContext, type BrandKitData, type BrandKitItemRef, type BrandKitKind } from './brandKit';
import { ColorsSection } from './ColorsSection';
import { DisclaimersSection } from './DisclaimersSection';
import { FontsSection } from './FontsSection';
import { GuidesSection } from './GuidesSection';
import { LogosSection } from './LogosSection';
import { RenameModal } from './RenameModal';
import { BrandKitLoadingContext, useBrandKitLoadingState } from './useBrandKitLoading';

function limitOf(kit: BrandKitData, type: BrandKitKind) {
  return (
    kit.limits.find((limit) => limit.type === type) ?? {
      type,
      count: 0,
      maxItems: 0,
      maxBytes: null,
      maxTextLength: null,
    }
  );
}

/** `/brand-kit/`: the brand's logos, colours, fonts, guides, disclaimers and audio (spec sections 3 and 4). */
export function BrandKitScreen({ route }: ClientScreenProps) {
  const [{ data, error, fetching }] = useQuery({
    query: BrandKitQuery,
    context: brandKitContext,
    requestPolicy: 'cache-and-network',
  });
  const kit = data?.brandKit;
  const loading = useBrandKitLoadingState(kit);
  const [renaming, setRenaming] = useState<BrandKitItemRef | null>(null);

  return (
    <>
      <ScreenHeader
        title={route.title}
        description="The brand's logos, colours, fonts, guides, disclaimers and audio. Templates and ads use them: the first logo is their main logo, the first colour their primary colour, and fonts join the builder's font list."
        actions={fetching && kit ? <Loader size="sm" aria-label="Refreshing the brand kit" /> : undefined}
      />
      {!kit ? (
        // The loading flag of spec section 4: nothing of the kit is known yet.
        <QueryState error={error} />
      ) : (
        <BrandKitLoadingContext value={loading}>
          <Stack gap="lg">
            <LogosSection logos={kit.logos} limit={limitOf(kit, 'LOGO')} onRename={setRenaming} />
            <ColorsSection
              colors={kit.colors}
              limit={limitOf(kit, 'COLOR')}
              maxNameLength={kit.maxNameLength}
            />
            <FontsSection fonts={kit.fonts} limit={limitOf(kit, 'FONT')} onRename={setRenaming} />
            <GuidesSection
              guides={kit.guides}
              limit={limitOf(kit, 'GUIDE')}
              maxNameLength={kit.maxNameLength}
              onRename={setRenaming}
            />
            <DisclaimersSection
              disclaimers={kit.disclaimers}
              limit={limitOf(kit, 'DISCLAIMER')}
              maxNameLength={kit.maxNameLength}
            />
            <AudioSection audios={kit.audios} limit={limitOf(kit, 'AUDIO')} />
          </Stack>
          <RenameModal item={renaming} maxLength={kit.maxNameLength} onClose={() => setRenaming(null)} />
        </BrandKitLoadingContext>
      )}
    </>
  );
}

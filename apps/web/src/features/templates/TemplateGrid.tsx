import { SimpleGrid } from '@mantine/core';
import { clientUrl } from '../../app/routes';
import type { TemplateSummary } from './template';
import { TemplateCard } from './TemplateCard';
import type { TemplateMenuActions } from './TemplateCardMenu';

export const templateGridCols = { base: 1, xs: 2, md: 3, xl: 4 };

/** The template cards, one to four columns by width. */
export function TemplateGrid({
  clientId,
  templates,
  actions,
  busyId,
}: {
  clientId: string;
  templates: readonly TemplateSummary[];
  actions: TemplateMenuActions;
  busyId: string | null;
}) {
  return (
    <SimpleGrid cols={templateGridCols} spacing="md">
      {templates.map((template) => (
        <TemplateCard
          key={template.id}
          template={template}
          openUrl={clientUrl(clientId, 'products/templates/:id/', { id: template.id })}
          actions={actions}
          busy={busyId === template.id}
        />
      ))}
    </SimpleGrid>
  );
}

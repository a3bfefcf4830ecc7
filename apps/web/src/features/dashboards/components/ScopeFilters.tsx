import { Group, MultiSelect, Select } from '@mantine/core';
import type { DashboardQuery } from '../model/dashboardQuery';
import type { PerformanceContextData } from '../usePerformanceContext';

/** Which ad accounts and campaigns are read, and (when the accounts have several) in which currency. */
export function ScopeFilters({
  context,
  query,
  onChange,
}: {
  context: PerformanceContextData;
  query: DashboardQuery;
  onChange: (query: DashboardQuery) => void;
}) {
  const accountIds = new Set(query.accountIds);
  const campaigns = context.campaigns.filter(
    (campaign) => accountIds.size === 0 || accountIds.has(campaign.accountId),
  );
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <MultiSelect
        label="Ad accounts"
        placeholder={query.accountIds.length ? undefined : 'All accounts'}
        data={context.accounts.map((account) => ({
          value: account.id,
          label: `${account.name} (${account.currency})`,
        }))}
        value={query.accountIds}
        clearable
        searchable
        miw={200}
        maw={360}
        onChange={(ids) => {
          const kept = new Set(ids);
          // A campaign of an account no longer read would filter everything out.
          const campaignIds = query.campaignIds.filter((id) => {
            const campaign = context.campaigns.find((c) => c.id === id);
            return !campaign || kept.size === 0 || kept.has(campaign.accountId);
          });
          onChange({ ...query, accountIds: ids, campaignIds });
        }}
      />
      <MultiSelect
        label="Campaigns"
        placeholder={query.campaignIds.length ? undefined : 'All campaigns'}
        data={campaigns.map((campaign) => ({ value: campaign.id, label: campaign.name }))}
        value={query.campaignIds}
        clearable
        searchable
        miw={200}
        maw={420}
        onChange={(campaignIds) => onChange({ ...query, campaignIds })}
      />
      {context.currencies.length > 1 && (
        <Select
          label="Currency"
          data={context.currencies}
          value={query.currency ?? null}
          placeholder="Most spent"
          clearable
          w={130}
          onChange={(currency) => onChange({ ...query, currency })}
        />
      )}
    </Group>
  );
}

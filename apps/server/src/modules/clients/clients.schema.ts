import { BOTH, CLIENT, builder, type FieldBuilder } from '../../graphql/builder.js';
import { clientActor } from '../../graphql/context.js';
import type { PermissionsShape } from '../../graphql/context.js';
import type { ClientRow, PlanStatus as PlanStatusValue } from '../../db/schema.js';
import { effectivePlanStatus, landingPath } from './client-rules.js';
import type { FeatureState } from './clients.service.js';

export const PlanStatus = builder.enumType('PlanStatus', {
  subGraphs: BOTH,
  values: {
    PAYING: { value: 'paying' as const },
    TRIAL: { value: 'trial' as const },
    EXPIRED: { value: 'expired' as const },
  },
});

export const Permissions = builder.objectRef<PermissionsShape>('Permissions').implement({
  subGraphs: BOTH,
  fields: (t) => ({
    isActive: t.exposeBoolean('isActive'),
    isAdmin: t.exposeBoolean('isAdmin'),
    isClientUser: t.exposeBoolean('isClientUser'),
  }),
});

export const ClientFeature = builder.objectRef<FeatureState>('ClientFeature').implement({
  subGraphs: BOTH,
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    description: t.exposeString('description'),
    enabled: t.exposeBoolean('enabled'),
  }),
});

/** Fields every view of a client shares: plan state as users live under it. */
export function planFields<S extends ClientRow>(t: FieldBuilder<S>) {
  return {
    id: t.id({ resolve: (c) => c.id }),
    name: t.string({ resolve: (c) => c.name }),
    planStatus: t.field({
      type: PlanStatus,
      description: 'The effective status: a trial past its end date is EXPIRED.',
      resolve: (c) => effectivePlanStatus(c) as PlanStatusValue,
    }),
    billingRequired: t.boolean({ resolve: (c) => c.billingRequired }),
    trialEndsAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.trialEndsAt }),
  };
}

export const Client = builder.objectRef<ClientRow>('Client').implement({
  subGraphs: CLIENT,
  description: 'The client workspace of this endpoint.',
  fields: (t) => ({
    ...planFields(t),
    landingPath: t.string({
      description: 'The default landing route of this client for the viewer (spec section 2).',
      resolve: (c, _a, ctx) => landingPath(c, ctx.viewer?.tokenAuth ?? false),
    }),
  }),
});

builder.queryField('client', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: Client,
    resolve: (_root, _args, ctx) => {
      clientActor(ctx);
      return ctx.clientScope!.client;
    },
  }),
);

builder.queryField('viewerPermissions', (t) =>
  t.field({
    subGraphs: CLIENT,
    type: Permissions,
    resolve: (_root, _args, ctx) => {
      clientActor(ctx);
      return ctx.clientScope!.permissions;
    },
  }),
);

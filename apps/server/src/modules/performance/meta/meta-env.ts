/**
 * Where this server reaches Meta: the app and URLs of the settings (META_APP_ID, META_APP_SECRET,
 * META_GRAPH_URL, META_DIALOG_URL, META_API_VERSION), or, when no app is set, the bundled fake Graph API
 * (the demo setup: `sandbox`), mounted on the server's own origin under SANDBOX_PATH for the browser's
 * login dialog and called in process by the sync, so a fresh install connects and syncs offline.
 */
import { createFakeMeta, type FakeMeta } from '@adloom/fakes';
import type { Config } from '../../../config.js';

export const SANDBOX_PATH = '/_sandbox/meta';
/** The sandbox's app (the fake signs its tokens with this secret; they grant nothing outside the fake). */
const SANDBOX_APP = { appId: 'adloom-sandbox', appSecret: 'adloom-sandbox-secret' };

export interface MetaEnv {
  /** An app id and secret are set. */
  configured: boolean;
  sandbox: boolean;
  appId: string;
  appSecret: string;
  graphUrl: string;
  dialogUrl: string;
  apiVersion: string;
  /** How Graph calls are made (the sandbox answers in process). */
  fetch: typeof fetch;
  /** The sandbox's fake, mounted by the routes. */
  fake: FakeMeta | undefined;
}

let sandboxFake: FakeMeta | undefined;

/** The process's sandbox fake: one world from a fixed seed, whose last day is the day it was made. */
export function sandboxMeta(config: Config): FakeMeta {
  sandboxFake ??= createFakeMeta({
    ...SANDBOX_APP,
    seed: 'sandbox',
    basePath: SANDBOX_PATH,
    publicUrl: `${config.publicUrl}${SANDBOX_PATH}`,
    autoApprove: false,
    historyDays: 400,
    pageSize: 100,
  });
  return sandboxFake;
}

export function metaEnv(config: Config): MetaEnv {
  const { meta } = config;
  if (meta.appId && meta.appSecret)
    return {
      configured: true,
      sandbox: false,
      appId: meta.appId,
      appSecret: meta.appSecret,
      graphUrl: meta.graphUrl,
      dialogUrl: meta.dialogUrl,
      apiVersion: meta.apiVersion,
      fetch: (...args) => fetch(...args),
      fake: undefined,
    };
  const fake = sandboxMeta(config);
  const base = `${config.publicUrl}${SANDBOX_PATH}`;
  return {
    configured: false,
    sandbox: true,
    ...SANDBOX_APP,
    graphUrl: base,
    dialogUrl: base,
    apiVersion: meta.apiVersion,
    fetch: fake.fetch,
    fake,
  };
}

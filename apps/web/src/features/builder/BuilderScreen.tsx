import { Alert, Box, Button, Group, Modal, Paper, Stack, Tabs, Text } from '@mantine/core';
import { BUILDER_ERRORS } from '@adloom/template';
import { IconLayoutGrid } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { useQuery } from 'urql';
import { clientUrl } from '../../app/routes';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { ImportProgress, ImportSvgButton, NotBuilderTemplate, useSvgImport } from '../templates';
import { BuilderTemplateQuery } from './api/builderTemplate';
import { createShortcutHandler } from './commands/keyboard';
import { BuilderEditor, type ChosenTag, type EditorState } from './engine/BuilderEditor';
import type { FabricView } from './engine/fabric-view';
import { useEditorState } from './engine/useEditorState';
import { ShapesPanel, TextPanel, WidgetsPanel } from './panels/AddLayerPanels';
import { ImagesPanel } from './panels/images/ImagesPanel';
import { BuilderCanvas } from './panels/BuilderCanvas';
import { BuilderToolbar } from './panels/BuilderToolbar';
import { LayersPanel } from './panels/LayersPanel';
import { PropertiesPanel } from './panels/PropertiesPanel';
import { useRememberedView } from './panels/rememberedView';
import { PropertiesSide, useSideTabs } from './panels/SidePanels';
import { CatalogueColumnsContext, catalogueColumnsOf } from './panels/text/catalogueColumns';
import { SaveConflictModal } from './panels/SaveConflictModal';
import { useSaveFeedsQuestion } from './panels/SaveFeedsQuestion';
import { useSaveTemplate, type SaveConflict } from './panels/useSaveTemplate';
import { previewSlotsOf, type ServerPreviewSlot } from './preview/adGenerationJob';
import { useAdThumbnail } from './preview/adThumbnail';
import { PreviewBar } from './preview/PreviewBar';
import { PreviewPanel } from './preview/PreviewPanel';
import { ProductViewSwitch, useProductViewStatus } from './preview/ProductViewSwitch';
import { canvasItem } from './preview/productItem';
import { useProductView } from './preview/useProductView';
import { useVanishingLayers } from './preview/useVanishingLayers';
import { usePreviewSession } from './preview/usePreviewSession';
import { TemplateTagsButton } from './tags/TemplateTagsButton';
import { runCommand } from './commands/registry';
import { useRoomForCanvas } from './panels/useRoomForCanvas';

/** The template as loaded from the server (null: a new template). */
interface LoadedTemplate {
  id: string;
  /** As stored: the document's own name may be older (renamed in the list, or named when copied). */
  name: string;
  templateString: string;
  templateVersionId: string | null;
  slots: readonly ServerPreviewSlot[];
  tags: readonly ChosenTag[];
  /** The feeds with a design on this template. */
  feeds: readonly { id: string; name: string }[];
}

const TABS = ['SHAPES', 'IMAGES', 'TEXT', 'LAYERS', 'WIDGETS', 'PREVIEW'] as const;

/**
 * Asks before leaving with unsaved changes: in-app navigation (useBlocker, reading the editor's dirty flag
 * when the user navigates, so a save just before the redirect counts) and closing or reloading the tab.
 */
function useLeaveWarning(editor: BuilderEditor, dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      editor.getState().dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** The version a save made, and the template as loaded when it made it. */
interface SavedVersion {
  loaded: LoadedTemplate | null;
  versionId: string;
  slots: readonly ServerPreviewSlot[];
}

interface BuilderWorkspaceProps {
  template: LoadedTemplate | null;
  clientId: string;
  /** Reads the template again from the server; the editor then loads its newest version. */
  onReload?: () => void;
}

const selectDirty = (state: EditorState) => state.dirty;

function BuilderWorkspace({ template, clientId, onReload }: BuilderWorkspaceProps) {
  const [editor] = useState(() => new BuilderEditor());
  const navigate = useNavigate();
  const viewRef = useRef<FabricView | null>(null);
  // The version the document is based on: the one last saved here, until the template is loaded again
  // (a reload, or the read that follows a save), then the loaded one. Saves name it (a newer one on the
  // server is a conflict); the server preview renders it with its slots' settings.
  const [saved, setSaved] = useState<SavedVersion | null>(null);
  const base =
    saved && saved.loaded === template
      ? saved
      : { versionId: template?.templateVersionId ?? null, slots: template?.slots ?? [] };
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const dirty = useEditorState(editor, selectDirty);
  // The Preview state, shared by the PREVIEW tab and the bottom preview bar.
  const preview = usePreviewSession(editor);
  // Fit or the zoom and the folded panels, remembered per template (panels/rememberedView.ts).
  useRememberedView(editor, template?.id ?? null);
  useRoomForCanvas();
  const sideTabs = useSideTabs(editor, 'SHAPES');
  // The canvas draws the ad with the preview's item (product view).
  const productView = useProductView(editor, preview, template?.id ?? null);
  const productStatus = useProductViewStatus(productView);
  // Layers that vanish for that item are marked in the layers panel and on the canvas.
  useVanishingLayers(editor, canvasItem(preview.state), preview.state.catalogId);
  // 'Insert placeholder' also offers the columns of the catalogue chosen in PREVIEW.
  const catalogueColumns = useMemo(
    () => catalogueColumnsOf(preview.state.previewItems),
    [preview.state.previewItems],
  );
  const onView = useCallback((view: FabricView | null) => (viewRef.current = view), []);

  useEffect(() => {
    if (template)
      runCommand(editor, 'load-template', {
        svg: template.templateString,
        tags: template.tags,
        name: template.name,
      });
    else runCommand(editor, 'new-template');
  }, [editor, template]);

  useEffect(() => {
    const handle = createShortcutHandler(editor);
    const onKeyDown = (event: KeyboardEvent) => {
      handle(event);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [editor]);

  const editUrl = (id: string) => clientUrl(clientId, 'products/templates/:id/', { id });
  // The saved thumbnail: the ad drawn with the preview item when one is chosen, else the canvas.
  const adThumbnail = useAdThumbnail(editor, preview, viewRef);
  const { save, saving } = useSaveTemplate({
    editor,
    templateId: template?.id ?? null,
    baseVersionId: base.versionId,
    thumbnail: adThumbnail,
    onSaved: (made, created) => {
      if (made.templateVersionId)
        setSaved({ loaded: template, versionId: made.templateVersionId, slots: made.slots });
      // After the first save (or a save as a copy) the user goes to the new template's edit route (spec section 2).
      if (created) navigate(editUrl(made.id));
    },
    onConflict: setConflict,
  });
  // A save of a template that feeds use asks whether to update them (updating is the default).
  const feedsQuestion = useSaveFeedsQuestion({
    editor,
    templateId: template?.id ?? null,
    knownFeeds: template?.feeds.length ?? 0,
    save: ({ regenerateFeeds }) => void save({ regenerateFeeds }),
  });
  const { importFile, progress } = useSvgImport({
    onCreated: (created) => {
      navigate(editUrl(created.id));
    },
  });
  const blocker = useLeaveWarning(editor, dirty);

  return (
    <>
      <ImportProgress progress={progress} />
      <BuilderToolbar
        editor={editor}
        canvasView={<ProductViewSwitch editor={editor} productView={productView} />}
        saving={saving}
        onSave={feedsQuestion.requestSave}
        offers={
          <>
            {template === null && (
              <Button
                variant="default"
                component={Link}
                to={clientUrl(clientId, 'products/templates/library/')}
                leftSection={<IconLayoutGrid size={16} />}
              >
                Start from the library
              </Button>
            )}
            {template === null && (
              <ImportSvgButton onFile={(file) => void importFile(file)} busy={progress !== null} />
            )}
            <TemplateTagsButton editor={editor} />
          </>
        }
      />
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Tabs {...sideTabs} orientation="vertical" keepMounted={false}>
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {tab}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Box p="sm" style={{ flex: 1, minWidth: 0 }}>
            <Tabs.Panel value="SHAPES">
              <ShapesPanel editor={editor} />
            </Tabs.Panel>
            <Tabs.Panel value="IMAGES">
              <ImagesPanel editor={editor} />
            </Tabs.Panel>
            <Tabs.Panel value="TEXT">
              <TextPanel editor={editor} />
            </Tabs.Panel>
            <Tabs.Panel value="LAYERS">
              <LayersPanel editor={editor} />
            </Tabs.Panel>
            <Tabs.Panel value="WIDGETS">
              <WidgetsPanel editor={editor} />
            </Tabs.Panel>
            <Tabs.Panel value="PREVIEW">
              <PreviewPanel templateVersionId={base.versionId} slots={base.slots} preview={preview} />
            </Tabs.Panel>
          </Box>
        </Tabs>
        <BuilderCanvas editor={editor} onView={onView} productView={productView} />
        <PropertiesSide editor={editor}>
          <CatalogueColumnsContext value={catalogueColumns}>
            <PropertiesPanel editor={editor} />
          </CatalogueColumnsContext>
        </PropertiesSide>
      </Group>
      <PreviewBar preview={preview} notice={productStatus.message} />
      {feedsQuestion.question}
      <SaveConflictModal
        conflict={conflict}
        onCancel={() => setConflict(null)}
        onReload={() => {
          setConflict(null);
          onReload?.();
        }}
        onSaveCopy={() => {
          setConflict(null);
          void save({ asCopy: true });
        }}
      />
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Leave without saving?"
      >
        <Stack gap="md">
          <Text size="sm">The template has unsaved changes. They are lost if you leave.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Stay
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** An existing template: read it fresh (not cached), then edit it, or say why it cannot be. */
function EditTemplate({ id, clientId, title }: { id: string; clientId: string; title: string }) {
  const [{ data, error }, readAgain] = useQuery({
    query: BuilderTemplateQuery,
    variables: { id },
    requestPolicy: 'network-only',
  });
  const reload = useCallback(() => readAgain({ requestPolicy: 'network-only' }), [readAgain]);
  const found = data?.productCatalogTemplate;
  const template = useMemo<LoadedTemplate | null>(
    () =>
      found
        ? {
            id: found.id,
            name: found.name,
            templateString: found.templateString,
            templateVersionId: found.templateVersionId,
            slots: previewSlotsOf(found.slots),
            tags: found.tags.flatMap((tag) =>
              tag.group === 'STYLE' || tag.group === 'INDUSTRY'
                ? [{ id: tag.id, group: tag.group, key: tag.key }]
                : [],
            ),
            feeds: found.feeds,
          }
        : null,
    [found],
  );
  const listUrl = clientUrl(clientId, 'products/templates/');
  const missing = data !== undefined && !found;
  useEffect(() => {
    // Spec section 8: logged.
    if (missing) console.warn(BUILDER_ERRORS.templateNotFound(id));
  }, [missing, id]);
  if (!data) return error ? <QueryState error={error} /> : <PageLoader />;
  // The states without an editor keep the screen's heading.
  const refused = (body: ReactNode) => (
    <>
      <ScreenHeader title={title} />
      {body}
    </>
  );
  if (!found || !template)
    return refused(
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md" align="flex-start">
          <Text fw={600}>{BUILDER_ERRORS.templateNotFound(id)}</Text>
          <Button component={Link} to={listUrl}>
            Back to templates
          </Button>
        </Stack>
      </Paper>,
    );
  if (found.templateString.trim() === '')
    return refused(
      <Alert color="red" role="alert" title="This template cannot be edited">
        It has no SVG to edit. <Link to={listUrl}>Back to templates</Link>
      </Alert>,
    );
  if (!found.madeWithBuilder) return refused(<NotBuilderTemplate listUrl={listUrl} />);
  return (
    <>
      <ScreenHeader title={found.name || title} />
      <BuilderWorkspace key={template.id} template={template} clientId={clientId} onReload={reload} />
    </>
  );
}

/** `/products/templates/create/` and `/products/templates/{id}/`: the template builder. */
export function BuilderScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const { id } = useParams();
  if (!client) return null;
  if (id) return <EditTemplate id={id} clientId={client.id} title={route.title} />;
  return (
    <>
      <ScreenHeader title={route.title} />
      <BuilderWorkspace template={null} clientId={client.id} />
    </>
  );
}

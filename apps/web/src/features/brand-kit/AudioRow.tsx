import { Group, Paper, Stack, Text } from '@mantine/core';
import type { BrandAudio } from './brandKit';
import { formatBytes, formatDuration } from './brandKitFormat';
import { ItemMenu } from './ItemMenu';
import { useBrandKitLoading } from './useBrandKitLoading';

const FORMAT_NAMES: Record<string, string> = { 'audio/mpeg': 'MP3', 'audio/wav': 'WAV', 'audio/mp4': 'M4A' };

/** One audio track: its name, length and format, and a player. */
export function AudioRow({ audio, onDelete }: { audio: BrandAudio; onDelete: () => void }) {
  const { finished } = useBrandKitLoading();
  const done = () => finished('AUDIO', audio.id);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={audio.name}>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{audio.name}</Text>
          <Text size="xs" c="dimmed">
            {formatDuration(audio.duration)} ·{' '}
            {FORMAT_NAMES[audio.content.contentType] ?? audio.content.contentType} ·{' '}
            {formatBytes(audio.content.size)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <audio
            controls
            preload="metadata"
            src={audio.content.downloadUrl}
            aria-label={`Play ${audio.name}`}
            onLoadedMetadata={done}
            onError={done}
          />
          <ItemMenu name={audio.name} downloadUrl={audio.content.downloadUrl} onDelete={onDelete} />
        </Group>
      </Group>
    </Paper>
  );
}

import { AppShell, Box, Drawer, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useAppStore } from '../../app/store/appStore';
import { HelpContact } from '../../components/HelpContact';
import type { NavSection } from './navTypes';
import { ShellHeader } from './ShellHeader';
import { SidebarFooter } from './SidebarFooter';
import { SidebarNav } from './SidebarNav';

/** The signed-in frame: header, sidebar (a drawer on small screens) and the screen. */
export function SignedInShell({
  sections,
  clientId,
  children,
}: {
  sections: readonly NavSection[];
  clientId?: string;
  children: ReactNode;
}) {
  const { sidebarExpanded, mobile } = useAppStore();
  const [drawerOpened, drawer] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: sidebarExpanded ? 264 : 72, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="lg"
    >
      <AppShell.Header>
        <ShellHeader clientId={clientId} drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main">
        <AppShell.Section grow component={ScrollArea} scrollbars="y">
          <SidebarNav sections={sections} collapsed={!sidebarExpanded} />
        </AppShell.Section>
        <AppShell.Section pt="sm">
          <SidebarFooter />
        </AppShell.Section>
      </AppShell.Navbar>
      <Drawer opened={drawerOpened && mobile} onClose={drawer.close} title="Navigation" size={300}>
        <Box component="nav" aria-label="Main">
          <SidebarNav sections={sections} collapsed={false} onNavigate={drawer.close} />
        </Box>
        <HelpContact size="xs" mt="md" />
      </Drawer>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

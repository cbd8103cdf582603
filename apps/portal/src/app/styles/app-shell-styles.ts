// Mantine styles of the signed-in layouts' components (see lib/mantine/mantine-styles.ts).
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';

// Styles of the libraries the signed-in layouts add on top of @mantine/core, after its styles as Mantine requires:
// the layouts import this module before MantineRoot, so without the first import Spotlight's rules came before
// @mantine/core's in the shell's sheet and UnstyledButton's `padding: 0` took the palette's actions' padding.
import '../../lib/mantine/mantine-styles.ts';
import '@mantine/spotlight/styles.css';

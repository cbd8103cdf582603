// Styles of the libraries the signed-in layouts add on top of @mantine/core (which MantineRoot loads whole).
import '@mantine/spotlight/styles.css';

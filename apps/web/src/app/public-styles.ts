/**
 * The Mantine stylesheets the public pages use (/, /hosting, /game/{id}, /partners, /contact, the
 * not-found page, header, footer and cookie notice), loaded with the entry so they block rendering as
 * little as possible; the rest of Mantine comes with the app's lazy pages (app-styles.ts). Mantine's
 * global files first, then each component with the components it is built on (Button on UnstyledButton,
 * Card on Paper): https://mantine.dev/styles/css-files-list/.
 *
 * A public page that starts using another Mantine component adds its file here (a missing one shows
 * as an unstyled component on a first visit to that page).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';

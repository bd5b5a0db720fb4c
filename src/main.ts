// The plugin's sandbox entry: opens the UI and answers its requests.
import { readWindowSizeAsync } from './app/window-size';
import { connectToUi } from './bridge/sandbox-endpoint';
import { createPlugin } from './handlers';
import { createFigmaFetchTransport } from './http/figma-fetch-transport';

// Opens at the size the person last gave the window (read first: a resize after opening
// would visibly jump).
void readWindowSizeAsync(figma.clientStorage).then((size) => {
  figma.showUI(__html__, { ...size, themeColors: true, title: 'Envelope' });
  const plugin = createPlugin({ figma, transport: createFigmaFetchTransport() });
  plugin.startBackground(connectToUi(plugin.handlers, plugin.events));
});

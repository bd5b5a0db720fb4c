// The plugin's sandbox entry: opens the UI and answers its requests.
import { readWindowSizeAsync } from './app/window-size';
import { connectToUi } from './bridge/sandbox-endpoint';
import { createHandlers } from './handlers';
import { createFigmaFetchTransport } from './http/figma-fetch-transport';

// Opens at the size the person last gave the window (read first: a resize after opening
// would visibly jump).
void readWindowSizeAsync(figma.clientStorage).then((size) => {
  figma.showUI(__html__, { ...size, themeColors: true, title: 'Envelope' });
  connectToUi(createHandlers({ figma, transport: createFigmaFetchTransport() }));
});

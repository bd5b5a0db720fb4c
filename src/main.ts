// The plugin's sandbox entry: opens the UI and answers its requests.
import { connectToUi } from './bridge/sandbox-endpoint';
import { createHandlers } from './handlers';
import { createFigmaFetchTransport } from './http/figma-fetch-transport';

figma.showUI(__html__, { width: 400, height: 600, themeColors: true, title: 'Envelope' });
connectToUi(createHandlers({ figma, transport: createFigmaFetchTransport() }));

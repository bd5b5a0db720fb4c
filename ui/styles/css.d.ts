// esbuild bundles CSS imported from TypeScript into the page's <style>.
declare module '*.css';

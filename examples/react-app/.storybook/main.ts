import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../src/**/*.stories.tsx"],
  // msw-storybook-addon starts msw's worker and gives every story's beforeEach `msw`; petstoreState (from
  // @petstore/mock) adds the mock's handlers to it, over a store of the story's own.
  addons: ["msw-storybook-addon"],
  // public/mockServiceWorker.js, served at the root where msw looks for it.
  staticDirs: ["../public"],
  // No component docs (no docs addon reads them): react-docgen's parse of every component was a tenth of the build.
  typescript: { reactDocgen: false },
  // No telemetry or version check: nothing leaves the machine.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;

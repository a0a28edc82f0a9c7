import type { NextConfig } from "next";

const config: NextConfig = {
  // No image optimisation (and so no `sharp`): the app shows no images.
  images: { unoptimized: true },
  poweredByHeader: false,
};

export default config;

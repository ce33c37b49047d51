import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // No [PLUGIN_TIMINGS] block: Rolldown's notice that plugins took most of a build (it fires on a
  // busy machine, where everything is slow) reads like a warning and asks nothing of us.
  build: { target: "es2022", rolldownOptions: { checks: { bundlerTimings: false } } },
  // The server build's entry is the Node front, which imports the app's server build itself
  // (React Router's node-custom-server template): one bundle, one copy of every module.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
});

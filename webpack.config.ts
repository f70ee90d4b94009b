import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import ReactRefreshWebpackPlugin from '@pmmmwh/react-refresh-webpack-plugin';
import webpack from 'webpack';
import type { Compilation, Compiler, Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { webpackPreactAliases } from './scripts/preactRenderer.mts';

/** The project root; webpack-cli loads this file as an ES module. */
const root = import.meta.dirname;

/** API server the dev server proxies to (npm run dev starts it on this port). */
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * MUI's createTheme and ThemeProvider each import their CSS-variables half, which the app's theme
 * never reaches (it sets neither cssVariables nor colorSchemes); those imports, and only those,
 * resolve to a stub that throws, so every route stops paying for that code.
 */
const muiCssVarsHalves = new webpack.NormalModuleReplacementPlugin(
  /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/,
  (resource) => {
    const issuer = resource.contextInfo?.issuer ?? '';
    if (/[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/.test(issuer)) {
      resource.request = path.resolve(root, 'src/client/app/theme/noCssVarsTheme.ts');
    }
  },
);

/**
 * React Router 7's package exports resolve to its development build in every mode, dev warnings on
 * (remix-run/react-router#14102), though the package ships a production build beside it: a
 * production bundle takes that one instead.
 */
const reactRouterProductionBuild = {
  'react-router$': path.resolve(root, 'node_modules/react-router/dist/production/index.mjs'),
  'react-router/dom$': path.resolve(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
};

/** Where a production build records its entry and chunk groups for the size check (scripts/sizeCheck.ts). */
const BUILD_STATS_FILE = path.resolve(root, 'node_modules/.cache/adwise-build/stats.json');

/** A package's name from a module's file path ("@mui/material", "yup"), or null outside node_modules. */
function packageOf(resource: string): string | null {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(
    resource.slice(resource.lastIndexOf('node_modules')),
  );
  return match ? match[1].replace('\\', '/') : null;
}

/** The npm packages each chunk group (entry points included) loads, for the size check's library rules. */
function packagesByChunkGroup(compilation: Compilation): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const group of compilation.chunkGroups) {
    if (!group.name) continue;
    const names = new Set<string>();
    for (const chunk of group.chunks) {
      for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
        // A concatenated module holds the modules it was made of.
        const parts = (module as { modules?: Iterable<unknown> }).modules ?? [module];
        for (const part of parts) {
          const resource = (part as { resource?: string }).resource;
          const name = resource ? packageOf(resource) : null;
          if (name) names.add(name);
        }
      }
    }
    result[group.name] = [...names].sort();
  }
  return result;
}

/**
 * After a production build: records webpack's stats of the entry and of each named chunk group
 * (the files and packages each lazy page loads) for `npm run size`, and writes a gzip and a brotli copy next
 * to each text asset, which the server sends to a browser that accepts them (its static plugin's
 * preCompressed option).
 */
class BuildStats {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('BuildStats', async (compilation: Compilation) => {
      const files = [...compilation.getAssets()]
        .map((asset) => asset.name)
        .filter((file) => /\.(js|html|svg|txt)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(compiler.outputPath, file);
          const source = await fs.promises.readFile(full);
          if (source.length < 1024) return;
          const [gz, br] = await Promise.all([
            promisify(zlib.gzip)(source, { level: 9 }),
            promisify(zlib.brotliCompress)(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          await Promise.all([fs.promises.writeFile(`${full}.gz`, gz), fs.promises.writeFile(`${full}.br`, br)]);
        }),
      );
    });
    compiler.hooks.done.tap('BuildStats', (stats) => {
      if (stats.hasErrors()) return;
      const json = stats.toJson({
        all: false,
        hash: true,
        outputPath: true,
        publicPath: true,
        entrypoints: true,
        chunkGroups: true,
      });
      fs.mkdirSync(path.dirname(BUILD_STATS_FILE), { recursive: true });
      fs.writeFileSync(
        BUILD_STATS_FILE,
        JSON.stringify({ ...json, packages: packagesByChunkGroup(stats.compilation) }),
      );
    });
  }
}

/**
 * After a production build (and its stats): prerenders the public pages a visitor lands on into
 * dist/prerendered (scripts/prerender.ts), so they paint before the scripts run. A page that
 * fails to prerender fails the build.
 */
class PrerenderPages {
  apply(compiler: Compiler) {
    compiler.hooks.done.tapPromise('PrerenderPages', async (stats) => {
      if (stats.hasErrors()) return;
      const tsx = path.resolve(root, 'node_modules/.bin/tsx');
      const child = spawn(tsx, [path.resolve(root, 'scripts/prerender.ts'), compiler.outputPath], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NODE_OPTIONS: '' },
      });
      const code = await new Promise<number | null>((resolve, reject) => {
        child.on('error', reject);
        child.on('exit', resolve);
      });
      if (code !== 0) throw new Error(`prerendering the public pages failed (exit ${code})`);
    });
  }
}

export default (
  _env: unknown,
  argv: { mode?: Configuration['mode'] },
): Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode === 'production';
  const serving = process.env.WEBPACK_SERVE === 'true';
  return {
    mode: production ? 'production' : 'development',
    entry: path.resolve(root, 'src/client/main.tsx'),
    output: {
      path: path.resolve(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].chunk.js' : 'assets/[name].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@client': path.resolve(root, 'src/client'),
        '@shared': path.resolve(root, 'src/shared'),
        // The production bundle renders with Preact (scripts/preactRenderer.mts); development keeps React.
        ...(production ? { ...reactRouterProductionBuild, ...webpackPreactAliases(root) } : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'babel-loader',
            options: { cacheDirectory: true, envName: production ? 'production' : 'development' },
          },
        },
        { test: /\.(png|svg|jpg|jpeg|webp|ico)$/i, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.resolve(root, 'public/index.html'),
        favicon: path.resolve(root, 'public/favicon.svg'),
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: path.resolve(root, 'public'), globOptions: { ignore: ['**/index.html', '**/favicon.svg'] } },
        ],
      }),
      new webpack.DefinePlugin({
        // Where the SPA finds the API; a relative base keeps it on the same host.
        'process.env.ADWISE_API_URL': JSON.stringify(process.env.ADWISE_API_URL ?? '/api/'),
      }),
      ...(serving ? [new ReactRefreshWebpackPlugin()] : []),
      muiCssVarsHalves,
      ...(production ? [new BuildStats(), new PrerenderPages()] : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all', minSize: 50_000 },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT ?? 8080),
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/dev/mailbox'], target: apiTarget }],
    },
  };
};

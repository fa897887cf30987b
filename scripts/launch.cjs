#!/usr/bin/env node
/**
 * Entry of every npm script. Written for old Node versions too (no modern
 * syntax), because a fresh machine may have an older Node than we need:
 *
 *  1. If this Node is older than package.json's engines.node, fetch Node 24
 *     from the npm registry (package node-<platform>-<arch>@24) once into a
 *     cache folder, and run the same command again with it.
 *  2. Otherwise hand over to scripts/tasks.mjs, which does the actual work.
 */
"use strict";
var childProcess = require("child_process");
var fs = require("fs");
var os = require("os");
var path = require("path");

var root = path.resolve(__dirname, "..");
var pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
var required = String((pkg.engines && pkg.engines.node) || ">=22.22").replace(/^[^\d]*/, "");

/** @param {string} version @returns {number[]} */
function parse(version) {
  return String(version)
    .replace(/^v/, "")
    .split(".")
    .map(function (part) {
      return parseInt(part, 10) || 0;
    });
}

/** @param {string} version @param {string} minimum @returns {boolean} */
function isAtLeast(version, minimum) {
  var a = parse(version);
  var b = parse(minimum);
  for (var i = 0; i < 3; i++) {
    if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0);
  }
  return true;
}

/** @param {string} message */
function say(message) {
  process.stderr.write("[nordlys] " + message + "\n");
}

/**
 * Runs the command with this process's terminal and exits with its code; signals are passed on.
 * @param {string} command
 * @param {string[]} args
 * @param {import("child_process").SpawnOptions} options
 */
function run(command, args, options) {
  var child = childProcess.spawn(command, args, Object.assign({ stdio: "inherit" }, options));
  /** @param {NodeJS.Signals} signal */
  var forward = function (signal) {
    return function () {
      if (child.exitCode === null) child.kill(signal);
    };
  };
  /** @type {NodeJS.Signals[]} */
  var signals = ["SIGINT", "SIGTERM", "SIGHUP"];
  var handlers = signals.map(function (signal) {
    var handler = forward(signal);
    process.on(signal, handler);
    return { signal: signal, handler: handler };
  });
  child.on("error", function (error) {
    say("Could not run " + command + ": " + error.message);
    process.exit(1);
  });
  child.on("exit", function (code, signal) {
    handlers.forEach(function (entry) {
      process.removeListener(entry.signal, entry.handler);
    });
    process.exit(code === null ? (signal === "SIGINT" ? 130 : 1) : code);
  });
}

function cachedNode() {
  var platform = process.platform === "win32" ? "win" : process.platform;
  var arch = process.arch;
  var cacheDir =
    process.env.NORDLYS_NODE_CACHE || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "nordlys-site", "node24");
  var packageName = "node-" + platform + "-" + arch;
  var binary =
    platform === "win"
      ? path.join(cacheDir, "node_modules", packageName, "bin", "node.exe")
      : path.join(cacheDir, "node_modules", packageName, "bin", "node");
  return { cacheDir: cacheDir, packageName: packageName, binary: binary };
}

function ensureModernNode() {
  if (isAtLeast(process.version, required)) return null;
  var target = cachedNode();
  if (fs.existsSync(target.binary)) {
    var version = childProcess.execFileSync(target.binary, ["--version"], { encoding: "utf8" }).trim();
    if (isAtLeast(version, required)) return target.binary;
  }
  say(
    "This Node (" +
      process.version +
      ") is older than the " +
      required +
      " this project needs. " +
      "Fetching Node 24 (" +
      target.packageName +
      "@24) from the npm registry into " +
      target.cacheDir +
      " (once)...",
  );
  fs.mkdirSync(target.cacheDir, { recursive: true });
  var npm = process.platform === "win32" ? "npm.cmd" : "npm";
  var result = childProcess.spawnSync(
    npm,
    ["install", "--prefix", target.cacheDir, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", target.packageName + "@24"],
    { stdio: "inherit" },
  );
  if (result.status !== 0 || !fs.existsSync(target.binary)) {
    say(
      "Could not fetch Node 24. Install Node " +
        required +
        " or newer yourself (https://nodejs.org), " +
        "or set NORDLYS_NODE_CACHE to a writable folder, then run the command again.",
    );
    process.exit(1);
  }
  return target.binary;
}

var modern = ensureModernNode();
var args = process.argv.slice(2);
if (modern) {
  say("Using " + modern);
  var env = Object.assign({}, process.env, {
    PATH: path.dirname(modern) + path.delimiter + (process.env.PATH || ""),
  });
  run(modern, [__filename].concat(args), { env: env });
} else {
  run(process.execPath, [path.join(__dirname, "tasks.mjs")].concat(args), {
    env: Object.assign({}, process.env, {
      PATH: path.dirname(process.execPath) + path.delimiter + (process.env.PATH || ""),
    }),
    cwd: root,
  });
}

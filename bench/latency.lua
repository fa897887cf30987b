-- wrk's report of the latency percentiles npm run bench prints (bench/support.mjs, runWrk), in microseconds.
done = function(summary, latency, requests)
  for _, p in ipairs({ 50, 95, 99 }) do
    io.write(string.format("percentile %d %d\n", p, latency:percentile(p)))
  end
end

const fs = require("fs"); const { SourceMapConsumer } = require("source-map-js");
const dir = "build/client/assets"; const totals = {};
for (const f of fs.readdirSync(dir).filter(f => fs.existsSync(`${dir}/${f}.map`) && /^(entry.client|jsx-runtime|root|button|errorBoundaries|home|responsive-image|react-dom|manifest|site|sparkles|createLucideIcon)-.*\.js$/.test(f))) {
  const code = fs.readFileSync(`${dir}/${f}`, "utf8"); const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(`${dir}/${f}.map`, "utf8")));
  const lines = code.split("\n"); const mappings = [];
  map.eachMapping(m => mappings.push(m));
  mappings.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn);
  for (let i=0;i<mappings.length;i++){const m=mappings[i], n=mappings[i+1]; const len = n && n.generatedLine===m.generatedLine ? n.generatedColumn-m.generatedColumn : (lines[m.generatedLine-1]||"").length-m.generatedColumn;
    let src=(m.source||"?").replace(/.*node_modules\//,"").replace(/\/(dist|esm|cjs|build).*$/,""); if(!m.source?.includes("node_modules")) src="app:"+ (m.source||"?").replace(/.*\/app\//,"");
    const k = src.split("/").slice(0, src.startsWith("@")?2:1).join("/"); totals[k]=(totals[k]||0)+len;}
}
Object.entries(totals).sort((a,b)=>b[1]-a[1]).slice(0,25).forEach(([k,v])=>console.log((v/1024).toFixed(1).padStart(7),"KB raw",k));

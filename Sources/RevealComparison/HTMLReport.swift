import Foundation
import RevealCore
import RevealLayout
import RevealOutput
import RevealRaster
import RevealText

/// The pieces of the static HTML reports (`reveal-render compare --report`, the golden failures page):
/// escaping, the page with its style and script, and the expected / actual / diff viewer.
///
/// Pages are self-contained and open from `file://`: no network, no framework. Everything is readable
/// without JavaScript; the script adds the swipe and onion-skin views, the 1:1 / fitted toggle and the
/// frame scrubber.
public enum HTMLReport {
    /// `text` safe inside HTML text and quoted attribute values.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A relative path as a URL path, percent-encoded (quotes, `#`, `?`, `%`, spaces and non-ASCII
    /// included) and escaped for an attribute.
    public static func link(_ relativePath: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(
            CharacterSet(charactersIn: Unicode.Scalar(0)..<Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~/")
        return escape(relativePath.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    /// A whole page: `title` (escaped here) and `body` (HTML).
    public static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <header><h1>\(escape(title))</h1>
        <label class="js-only"><input type="checkbox" id="actual-size"> show images at 1:1 (else fitted to their panels)</label>
        </header>
        <main>
        \(body)
        </main>
        <script>\(script)</script>
        </body>
        </html>

        """
    }

    /// A table of figures: each row a label and a value (both escaped here).
    public static func figures(_ rows: [(String, String)], id: String? = nil) -> String {
        let cells = rows.map { "<tr><th scope=\"row\">\(escape($0.0))</th><td>\(escape($0.1))</td></tr>" }
        return "<table class=\"figures\"\(id.map { " id=\"\(escape($0))\"" } ?? "")>\n"
            + cells.joined(separator: "\n") + "\n</table>"
    }

    /// The figures of one image comparison, as `figures` rows.
    public static func figureRows(_ c: Comparison) -> [(String, String)] {
        var rows: [(String, String)] = [("verdict", verdictText(c))]
        if c.sizesMatch {
            let percent = c.pixelCount == 0 ? 0 : Double(c.differingPixels) / Double(c.pixelCount) * 100
            rows.append(("pixels differing", "\(c.differingPixels) of \(c.pixelCount) (\(formatPercent(percent))%)"))
            rows.append(("largest difference", "\(c.largestChannelDifference) levels (premultiplied RGBA)"))
            rows.append(("bounding box", c.boundingBox.map { "\($0)" } ?? "none"))
        } else {
            rows.append(("sizes", "expected \(c.expectedSize), actual \(c.actualSize)"))
        }
        rows.append(("threshold", formatDistance(c.options.clampedThreshold)))
        rows.append(("antialiasing ignored", c.options.antialiasing ? "yes (\(c.antialiasedPixels) pixels)" : "no"))
        rows.append(("allowed differing pixels", "\(c.allowedPixels) (\(c.options.budget))"))
        return rows
    }

    /// "identical", "within tolerance", "different" or "size mismatch".
    public static func verdictText(_ c: Comparison) -> String {
        switch c.verdict {
        case .identical: return "identical"
        case .withinTolerance: return "within tolerance"
        case .different: return "different"
        case .sizeMismatch: return "size mismatch"
        }
    }

    /// Expected, actual and diff side by side (each captioned, with the differences' bounding box
    /// outlined), then a swipe / onion-skin view between expected and actual for the script to
    /// enable. Paths are relative to the page; `name` goes into the alt texts.
    public static func viewer(
        expected: String?, actual: String?, diff: String?, size: PixelSize?, box: PixelRect?, name: String
    ) -> String {
        func outline() -> String {
            guard let box, let size, size.width > 0, size.height > 0 else { return "" }
            func percent(_ v: Int, _ of: Int) -> String { String(format: "%.4f%%", Double(v) / Double(of) * 100) }
            return "<div class=\"box\" style=\"left:\(percent(box.x, size.width));top:\(percent(box.y, size.height));"
                + "width:\(percent(box.width, size.width));height:\(percent(box.height, size.height))\"></div>"
        }
        func panel(_ role: String, _ path: String?, _ alt: String) -> String {
            guard let path else {
                return "<figure class=\"panel\"><figcaption>\(role)</figcaption><p class=\"none\">none</p></figure>"
            }
            let dimensions = size.map { " width=\"\($0.width)\" height=\"\($0.height)\"" } ?? ""
            return "<figure class=\"panel\"><figcaption>\(role)</figcaption><div class=\"frame\">"
                + "<img src=\"\(link(path))\" alt=\"\(escape(alt))\"\(dimensions) loading=\"lazy\">\(outline())</div></figure>"
        }
        var html = "<div class=\"viewer\">\n<div class=\"panels\">\n"
        html += panel("expected", expected, "Expected image of \(name)") + "\n"
        html += panel("actual", actual, "Actual image of \(name)") + "\n"
        html += panel("diff", diff, "Differences of \(name) in red over a faded copy of the expected image") + "\n"
        html += "</div>\n"
        if let expected, let actual {
            let ratio = size.map { " style=\"aspect-ratio:\($0.width)/\($0.height);--w:\($0.width)px\"" } ?? ""
            html += """
                <div class="overlay js-only" data-mode="swipe">
                <div class="modes"><label><input type="radio" value="swipe" checked> swipe</label>
                <label><input type="radio" value="onion"> onion skin</label>
                <label>expected ◀ <input type="range" class="amount" min="0" max="100" value="50" aria-label="Swipe or blend between expected and actual"> ▶ actual</label></div>
                <div class="stack"\(ratio)><img class="under" src="\(link(expected))" alt="Expected image of \(escape(name)), under the actual one">
                <img class="over" src="\(link(actual))" alt="Actual image of \(escape(name)), over the expected one">\(outline())</div>
                </div>

                """
        }
        return html + "</div>"
    }

    private static let style = """
        :root{font-family:system-ui,sans-serif;color:#1d1d1f;background:#f5f5f7}
        body{margin:0;padding:0 12px 40px}header{position:sticky;top:0;background:#f5f5f7;padding:8px 0;z-index:2}
        h1{font-size:1.3rem;margin:0 0 4px}h2{font-size:1.1rem;margin:24px 0 8px}h3{font-size:1rem}
        .js-only{display:none}html.js .js-only{display:block}html.js label.js-only{display:inline-block}
        table.figures{border-collapse:collapse;margin:8px 0}table.figures th{text-align:left;padding:2px 12px 2px 0;font-weight:600}
        table.figures td{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
        .panels{display:flex;flex-wrap:wrap;gap:8px}.panel{margin:0;flex:1 1 200px;min-width:0}
        .panel figcaption{font-weight:600;font-size:.9rem}.frame{position:relative;display:block}
        img{width:100%;height:auto;display:block;image-rendering:pixelated;background:repeating-conic-gradient(#ccc 0 25%,#fff 0 50%) 0 0/16px 16px}
        html.actual-size .frame{display:inline-block}html.actual-size .frame img{width:auto;max-width:none}
        html.actual-size .stack{width:var(--w);max-width:none}
        .panels,.overlay{overflow-x:auto}
        .box{position:absolute;outline:2px solid #0a84ff;outline-offset:1px;pointer-events:none}
        .overlay{margin-top:12px}.stack{position:relative;width:100%;max-width:640px}.stack img{position:absolute;top:0;left:0;width:100%;height:100%}
        .stack img.under{position:relative}
        .modes{margin:6px 0}.modes label{margin-right:12px}
        .none{color:#6e6e73}.status-different,.status-missing,.status-extra,.status-size{color:#c00;font-weight:600}
        .strip{display:flex;gap:6px;overflow-x:auto;padding:4px 0}.strip a{flex:0 0 auto;text-align:center;font-size:.75rem;color:inherit}
        .strip img{height:90px;width:auto;max-width:none}
        .differences{font-family:ui-monospace,monospace;font-size:.85rem;overflow-wrap:anywhere}
        .scrubber>input[type=range]{width:100%}
        section.frame-detail,article.failure{border-top:1px solid #d2d2d7;padding-top:8px}
        pre{white-space:pre-wrap;word-break:break-word;background:#fff;padding:8px;border:1px solid #d2d2d7}
        @media (max-width:600px){.panel{flex-basis:100%}body{padding:0 6px 24px}}
        """

    private static let script = """
        (function(){
        var root=document.documentElement;root.classList.add('js');
        var size=document.getElementById('actual-size');
        if(size){size.addEventListener('change',function(){root.classList.toggle('actual-size',size.checked);});}
        function wire(overlay){
          var over=overlay.querySelector('img.over'),amount=overlay.querySelector('.amount');
          var radios=overlay.querySelectorAll('input[type=radio]');
          var group='mode'+Math.random().toString(36).slice(2);
          // A copy (the scrubber shows copies of the frames' sections) gets a radio group of its own.
          radios.forEach(function(r){r.name=group;r.checked=r.value===(overlay.dataset.mode||'swipe');
            r.addEventListener('change',update);});
          function update(){
            var checked=overlay.querySelector('input[type=radio]:checked');
            var mode=checked?checked.value:'swipe',v=amount.value;
            overlay.dataset.mode=mode;
            if(mode==='swipe'){over.style.opacity=1;over.style.clipPath='inset(0 0 0 '+(100-v)+'%)';}
            else{over.style.clipPath='none';over.style.opacity=v/100;}
          }
          amount.addEventListener('input',update);update();
        }
        document.querySelectorAll('.overlay').forEach(wire);
        var data=document.getElementById('frames-data'),scrubber=document.getElementById('scrubber');
        if(data&&scrubber){
          var frames=JSON.parse(data.textContent),range=scrubber.querySelector('input[type=range]');
          var shown=document.getElementById('frame-shown'),detail=document.getElementById('frame-view');
          function show(i){
            i=Math.max(0,Math.min(frames.length-1,i));range.value=i;var f=frames[i];
            shown.textContent=f.name+' ('+(i+1)+' of '+frames.length+'): '+f.status;
            shown.className='status-'+f.state;
            var source=f.detail?document.getElementById(f.detail):null;
            detail.innerHTML='';
            if(source){var copy=source.cloneNode(true);copy.removeAttribute('id');copy.querySelectorAll('[id]').forEach(function(e){e.removeAttribute('id');});
              copy.querySelectorAll('img').forEach(function(img){img.loading='eager';});
              detail.appendChild(copy);copy.querySelectorAll('.overlay').forEach(wire);}
            else{var p=document.createElement('p');p.className='none';p.textContent=f.note;detail.appendChild(p);}
            scrubber.dataset.frame=f.name;
          }
          range.addEventListener('input',function(){show(+range.value);});
          document.addEventListener('keydown',function(e){
            if(e.target.tagName==='INPUT'&&e.target!==range)return;
            if(e.key==='ArrowRight'){show(+range.value+1);e.preventDefault();}
            if(e.key==='ArrowLeft'){show(+range.value-1);e.preventDefault();}
          });
          document.querySelectorAll('a[data-frame]').forEach(function(a){a.addEventListener('click',function(){show(+a.dataset.frame);});});
          show(+scrubber.dataset.start||0);
          window.revealReport={show:show,frames:frames};
        }
        // ?selftest: what a person would check, done by the script in a real browser and written into the
        // page as JSON (the test suite reads it back from Chromium's --dump-dom).
        if(location.search.indexOf('selftest')>=0){
          var all=Array.prototype.slice.call(document.images);
          all.forEach(function(i){i.loading='eager';});
          Promise.all(all.map(function(i){return i.decode().catch(function(){});})).then(selfTest);
        }
        function selfTest(){
          var out={};
          var imgs=Array.prototype.slice.call(document.images);
          out.images=imgs.length;out.loaded=imgs.filter(function(i){return i.complete&&i.naturalWidth>0;}).length;
          out.withoutAlt=imgs.filter(function(i){return !i.alt;}).length;
          out.overflow=document.documentElement.scrollWidth-window.innerWidth;out.viewport=window.innerWidth;
          if(range){out.first=scrubber.dataset.frame;
            range.value=+range.value+1;range.dispatchEvent(new Event('input'));out.afterSlider=scrubber.dataset.frame;
            document.dispatchEvent(new KeyboardEvent('keydown',{key:'ArrowRight',bubbles:true}));out.afterArrow=scrubber.dataset.frame;
            document.dispatchEvent(new KeyboardEvent('keydown',{key:'ArrowLeft',bubbles:true}));out.afterBack=scrubber.dataset.frame;}
          var first=document.querySelector('.panel img');
          if(first&&size){out.fittedWidth=Math.round(first.getBoundingClientRect().width);size.click();
            out.oneToOneWidth=Math.round(first.getBoundingClientRect().width);out.naturalWidth=first.naturalWidth;size.click();}
          var o=document.querySelector('.overlay');
          if(o){var a=o.querySelector('.amount');a.value=20;a.dispatchEvent(new Event('input'));out.swipe=o.querySelector('img.over').style.clipPath;}
          var pre=document.createElement('pre');pre.id='selftest';pre.textContent=JSON.stringify(out);document.body.appendChild(pre);
        }
        })();
        """
}

# Varnish 7 in front of the news site (docs/operations.md). Needs vmod xkey (Debian: varnish-modules).
# The product tags every public answer (Surrogate-Key) and, with PURGE_VARNISH_URLS naming this
# Varnish, sends `PURGE /` with an `xkey` header after every content change. The parts every page
# shares (ticker, breaking news, most read) come as ESI fragments (/_shared/<slot>) that a change
# purges by their own tag, so pages whose own content did not change stay cached.
#
# Purges: start varnishd with PURGE_TOKEN in its environment, the same secret as the product's
# PURGE_TOKEN (systemd: `Environment=PURGE_TOKEN=...` in a drop-in). A purge must then carry it in
# its Purge-Token header, whatever address it comes from: a TLS proxy in front of Varnish on the
# same host makes every reader's request come from 127.0.0.1, so an address proves nothing there.
# Without PURGE_TOKEN only the addresses in the `purgers` ACL below may purge.
vcl 4.1;

import std;
import xkey;

# The product (one instance; for several, a director from vmod directors).
backend default {
    .host = "127.0.0.1";
    .port = "3000";
}

# Who may purge without PURGE_TOKEN: the product's instances, by their own addresses. Empty as
# shipped. List an instance only if no proxy in front of Varnish shares its address (never
# 127.0.0.1 or ::1 when a TLS proxy runs on this host): set PURGE_TOKEN instead.
acl purgers {
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (std.getenv("PURGE_TOKEN") != "") {
            if (req.http.Purge-Token != std.getenv("PURGE_TOKEN")) {
                return (synth(403, "Forbidden"));
            }
        } else if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey) {
            return (synth(400, "An xkey header is required"));
        }
        set req.http.n-gone = xkey.purge(req.http.xkey);
        return (synth(200, "Purged " + req.http.n-gone));
    }
    # The fragments are only for ESI includes, never asked for directly.
    if (req.url ~ "^/_shared/" && req.esi_level == 0) {
        return (synth(404, "Not Found"));
    }
    # Tells the product this cache fills ESI includes (it sends the shared parts as includes).
    set req.http.Surrogate-Capability = "varnish=ESI/1.0";
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Signed in (the session cookie, `sid` or `__Host-sid` over https): the product answers privately.
    if (req.http.Cookie ~ "(^|;\s*)(__Host-)?sid=") {
        return (pass);
    }
    # Public answers are the same for everyone: other cookies must not split or bypass the cache.
    unset req.http.Cookie;
    # Pages vary by Save-Data, whose one meaning is `on`: any other value is the plain page, so
    # made-up values cannot each store a copy.
    if (req.http.Save-Data ~ "(?i)^\s*on\s*$") {
        set req.http.Save-Data = "on";
    } else {
        unset req.http.Save-Data;
    }
}

# One site: the address alone names an answer. With the Host header in the key (Varnish's default),
# every made-up host name stored another copy of each page. Other spellings of a page's address
# are sent to it by the product (a 301 that is not stored here). The parameters only the browser
# reads (the sign-in's `next`, `utm_*`, `fbclid`, `gclid`: server/http/canonical.ts) reach the
# product as sent but are left out of the key, as the product leaves them out of its own.
sub vcl_hash {
    set req.http.X-Cache-Key = regsuball(req.url, "([?&])(utm_[^=&]*|fbclid|gclid|next)(=[^&]*)?(?=&|$)", "\1");
    set req.http.X-Cache-Key = regsuball(req.http.X-Cache-Key, "&&+", "&");
    set req.http.X-Cache-Key = regsub(req.http.X-Cache-Key, "\?&", "?");
    set req.http.X-Cache-Key = regsub(req.http.X-Cache-Key, "[?&]$", "");
    hash_data(req.http.X-Cache-Key);
    unset req.http.X-Cache-Key;
    return (lookup);
}

sub vcl_backend_fetch {
    # ESI is parsed in the body as the product sends it: pages and fragments come uncompressed,
    # Varnish gzips what it stores (below). Built files keep their precompressed copies.
    if (bereq.url !~ "^/(assets|media)/") {
        unset bereq.http.Accept-Encoding;
    }
}

sub vcl_backend_response {
    # The product's tags become xkey's keys.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    if (beresp.http.Surrogate-Control ~ "ESI/1.0") {
        unset beresp.http.Surrogate-Control;
        set beresp.do_esi = true;
    }
    if (beresp.http.Content-Type ~ "^(text/|application/(json|xml|rss\+xml|javascript|manifest\+json))") {
        set beresp.do_gzip = true;
    }
}

sub vcl_deliver {
    unset resp.http.xkey;
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}

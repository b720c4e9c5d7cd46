// datasette-cluster-map 0.18.2's script, served by Pinfold in place of the plugin's (portal/datasette_plugin.py),
// with three changes:
// - a popup links only to an http(s) address: the plugin put any `link` a row gave into an href, so a query typed
//   into the SQL box could make it `javascript:...` (a script run on the portal's origin, two clicks away);
// - the map is framed on where the pounds are, leaving a far-off one (the 1857 pound in Bengal, 1,800 km from
//   Kerala) on the map but outside the first view, instead of a map of all India with Kerala a few pixels wide;
// - a marker says what it marks (its popup's title, else the row's name, else its place): the plugin left its image's
//   alt empty, so a screen reader met a focusable image with no name (axe-core's presentation-role-conflict).
const clusterMapCSS = `
dl.cluster-map-dl {
    font-size: 1.1em;
}
dl.cluster-map-dl dt {
    font-weight: bold;
}
dl.cluster-map-dl dd {
    margin: 0px 0 0 0.7em;
}
dl.cluster-map-dl dd span {
    color: #aaa;
    font-size: 0.8em;
}
button.cluster-map-button {
    color: #fff;
    background-color: #007bff;
    border-color: #007bff;
    vertical-align: middle;
    cursor: pointer;
    border: 1px solid blue;
    padding: 0.3em 0.8em;
    font-size: 0.6rem;
    line-height: 1;
    border-radius: .25rem;
}
`;

document.addEventListener("DOMContentLoaded", () => {
  // Only execute on table, query and row pages
  if (document.querySelector("body.table,body.row,body.query")) {
    // Does it have Latitude and Longitude columns?
    let columns = Array.prototype.map.call(
      document.querySelectorAll("table.rows-and-columns th"),
      (th) => (th.getAttribute("data-column") || th.textContent).trim()
    );
    let latitudeColumn = null;
    let longitudeColumn = null;
    columns.forEach((col) => {
      if (
        col.toLowerCase() ==
        (
          window.DATASETTE_CLUSTER_MAP_LATITUDE_COLUMN
        ).toLowerCase()
      ) {
        latitudeColumn = col;
      }
      if (
        col.toLowerCase() ==
        (
          window.DATASETTE_CLUSTER_MAP_LONGITUDE_COLUMN
        ).toLowerCase()
      ) {
        longitudeColumn = col;
      }
    });
    if (latitudeColumn && longitudeColumn) {
      // Load dependencies and then add the map
      const loadDependencies = (callback) => {
        let loaded = [];
        function hasLoaded() {
          loaded.push(this);
          if (loaded.length == 3) {
            callback();
          }
        }
        let stylesheet = document.createElement("link");
        stylesheet.setAttribute("rel", "stylesheet");
        stylesheet.setAttribute("href", datasette.leaflet.CSS_URL);
        stylesheet.onload = hasLoaded;
        document.head.appendChild(stylesheet);
        let stylesheet2 = document.createElement("link");
        stylesheet2.setAttribute("rel", "stylesheet");
        stylesheet2.setAttribute(
          "href",
          datasette.cluster_map.MARKERCLUSTER_CSS_URL
        );
        stylesheet2.onload = hasLoaded;
        document.head.appendChild(stylesheet2);
        // Leaflet needs to be loaded before Leaflet.clustermap
        import(datasette.leaflet.JAVASCRIPT_URL).then(() => {
            import(datasette.cluster_map.MARKERCLUSTER_URL).then(hasLoaded);
        });
      };
      loadDependencies(() => addClusterMap(latitudeColumn, longitudeColumn));
    }
  }
});

const clusterMapEscapeHTML = (s) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#039;");

// An http(s) address as an absolute URL, or null for anything else (javascript:, data:, vbscript:, ...).
const clusterMapSafeURL = (value) => {
  try {
    const url = new URL(String(value), location.href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch (e) {
    return null;
  }
};

// The markers a first view frames: those within four times the median distance of the median point (and
// always the nearest half), so that one marker far from all the others does not shrink them to a dot.
const clusterMapFrame = (latLngs) => {
  if (latLngs.length < 3) {
    return L.latLngBounds(latLngs);
  }
  const median = (values) => {
    const sorted = values.slice().sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  const centre = L.latLng(median(latLngs.map((p) => p.lat)), median(latLngs.map((p) => p.lng)));
  const distances = latLngs.map((p) => centre.distanceTo(p));
  const reach = 4 * median(distances);
  return L.latLngBounds(latLngs.filter((p, i) => distances[i] <= reach));
};

const clusterMapMarkerAlt = (row, lat, lng) => {
  let popup = row.popup;
  if (typeof popup === "string") {
    try {
      popup = JSON.parse(popup);
    } catch (e) {
      popup = {};
    }
  }
  const title = (popup && popup.title) || row.name;
  return title ? String(title) : "Marker at " + lat + ", " + lng;
};

const clusterMapMarkerContent = (row) => {
  // if row has popup, use that
  let popup = row.popup;
  if (popup) {
    // It may be JSON or a string
    if (typeof popup === "string") {
      try {
        popup = JSON.parse(popup);
      } catch (e) {
        popup = {};
      }
    }
    const link = popup.link ? clusterMapSafeURL(popup.link) : null;
    const image = popup.image ? clusterMapSafeURL(popup.image) : null;
    if (image || popup.title || popup.description || link) {
      // We have a valid popup configuration - render that
      let html = [];
      if (link) {
        html.push('<a href="' + clusterMapEscapeHTML(link) + '">');
      }
      if (popup.title) {
        html.push(
          "<p><strong>" + clusterMapEscapeHTML(popup.title) + "</strong></p>"
        );
      }
      if (image) {
        html.push(
          '<img style="max-width: 100%" src="' +
            clusterMapEscapeHTML(image) +
            '"'
        );
        if (popup.alt) {
          html.push(' alt="' + clusterMapEscapeHTML(popup.alt) + '"');
        }
        html.push(">");
      }
      if (popup.description) {
        html.push(
          '<p style="text-decoration: none; color: black;">' +
            clusterMapEscapeHTML(popup.description) +
            "</p>"
        );
      }
      if (link) {
        html.push("</a>");
      }
      return html.join("");
    }
  }
  // Otherwise, use a <dl>
  const dl = document.createElement("dl");
  Object.keys(row).forEach((key) => {
    const dt = document.createElement("dt");
    dt.appendChild(document.createTextNode(key));
    const dd = document.createElement("dd");
    let value = row[key];
    let label = value;
    let extra = null;
    if (typeof value === "object") {
      if (
        value !== null &&
        value.label !== undefined &&
        value.value !== undefined
      ) {
        label = value.label;
        extra = document.createElement("span");
        extra.appendChild(document.createTextNode(" " + value.value));
      } else {
        label = JSON.stringify(value);
      }
    }
    dd.appendChild(document.createTextNode(label));
    if (extra) {
      dd.appendChild(extra);
    }
    dl.appendChild(dt);
    dl.appendChild(dd);
  });
  return (
    '<dl class="cluster-map-dl" style="height: 200px; overflow: auto">' +
    dl.innerHTML +
    "</dl>"
  );
};

const addClusterMap = (latitudeColumn, longitudeColumn) => {
  let keepGoing = false;

  let style = document.createElement("style");
  style.innerText = clusterMapCSS;
  document.head.appendChild(style);

  function isValidLatitude(latitude) {
    latitude = parseFloat(latitude);
    if (isNaN(latitude)) {
      return false;
    }
    return latitude >= -90 && latitude <= 90;
  }
  function isValidLongitude(longitude) {
    longitude = parseFloat(longitude);
    if (isNaN(longitude)) {
      return false;
    }
    return longitude >= -180 && longitude <= 180;
  }

  const placed = [];
  const loadMarkers = (path, map, markerClusterGroup, progressDiv, count) => {
    count = count || 0;
    return fetch(path)
      .then((r) => r.json())
      .then((data) => {
        let markerList = [];
        data.rows.forEach((row) => {
          if (isValidLatitude(row[latitudeColumn]) && isValidLongitude(row[longitudeColumn])) {
            let markerContent = clusterMapMarkerContent(row);
            let lat = row[latitudeColumn], lng = row[longitudeColumn];
            let marker = L.marker(L.latLng(lat, lng), {
              alt: clusterMapMarkerAlt(row, lat, lng),
            });
            marker.bindPopup(markerContent);
            markerList.push(marker);
            placed.push(marker.getLatLng());
          }
        });
        count += data.rows.length;
        markerClusterGroup.addLayers(markerList);
        if (placed.length) {
          map.fitBounds(clusterMapFrame(placed));
        }
        let percent = "";
        let button;
        // Fix for http v.s. https
        let next_url = data.next_url;
        if (next_url && location.protocol == "https:") {
          next_url = next_url.replace(/^https?:/, "https:");
        }
        let total = data.count || data.filtered_table_rows_count;
        if (next_url) {
          percent = ` (${
            Math.round((count / total) * 100 * 100) /
            100
          }%)`;
          // Add a control to either continue loading or pause
          button = document.createElement("button");
          button.classList.add("cluster-map-button");
          if (keepGoing) {
            button.innerHTML = "pause";
            button.addEventListener("click", () => {
              keepGoing = false;
            });
          } else {
            button.innerHTML = "load all";
            button.addEventListener("click", () => {
              keepGoing = true;
              loadMarkers(
                next_url,
                map,
                markerClusterGroup,
                progressDiv,
                count,
                keepGoing
              );
            });
          }
          progressDiv.innerHTML = `Showing ${count.toLocaleString()} of ${total.toLocaleString()}${percent} `;
          if (button) {
            progressDiv.appendChild(button);
          }
        } else {
          progressDiv.innerHTML = "";
        }
        if (next_url && keepGoing) {
          return loadMarkers(
            next_url,
            map,
            markerClusterGroup,
            progressDiv,
            count
          );
        }
      });
  };

  let el = document.createElement("div");
  el.style.width = "100%";
  el.style.height = "500px";
  let tiles = L.tileLayer(
      window.DATASETTE_CLUSTER_MAP_TILE_LAYER,
      window.DATASETTE_CLUSTER_MAP_TILE_LAYER_OPTIONS
    ),
    latlng = L.latLng(0, 0);
  let map = L.map(el, {
    //center: latlng,
    zoom: 13,
    layers: [tiles],
  });
  const container = window.DATASETTE_CLUSTER_MAP_CONTAINER;
  if (container && document.querySelector(container)) {
    document.querySelector(container).appendChild(el);
  } else {
    let table =
      document.querySelector(".table-wrapper") ||
      document.querySelector("table.rows-and-columns");
    table.parentNode.insertBefore(el, table);
  }
  let progressDiv = document.createElement("div");
  progressDiv.style.marginBottom = "2em";
  el.parentNode.insertBefore(progressDiv, el.nextSibling);
  let markerClusterGroup = L.markerClusterGroup({
    chunkedLoading: true,
    maxClusterRadius: 50,
  });
  map.addLayer(markerClusterGroup);
  let path = location.pathname + ".json" + location.search;
  const qs = "_size=max&_labels=on&_extra=count&_extra=next_url&_shape=objects";
  if (path.indexOf("?") > -1) {
    path += "&" + qs;
  } else {
    path += "?" + qs;
  }
  loadMarkers(path, map, markerClusterGroup, progressDiv, 0);
};

# syntax=docker/dockerfile:1
# paycfg's container image: the CLI on Node 20, run as the non-root node user (uid 1000), its
# entrypoint `paycfg`. A fleet's shards run in it as a Kubernetes Indexed Job or CronJob
# (deploy/kubernetes/), or as a CI job's image (examples/ci/fleet-gitlab.yml).
#
#   docker build -t paycfg:0.1.0 .
#   docker run --rm --read-only -v "$PWD:/work:ro" -v "$PWD/out:/out" paycfg:0.1.0 fleet plan --summary /out/summary.json
#
# The root filesystem can be read-only: paycfg writes only where it is told (a plan directory, -o,
# --out, --summary, --metrics, --state, a journal), each file written beside its target and renamed
# into place, and a temporary directory only for plan --base-ref (os.tmpdir(): /tmp, or $TMPDIR).
# deploy/kubernetes/README.md lists the mounts that must be writable.
#
# No secret enters any layer: tokens reach a container at run time, as mounted files or variables.
# .dockerignore lets in only what the build needs (no .git, .env, .npmrc, node_modules).
#
# Base images are pinned by tag. To pin the bytes too, add the digest of the tag you reviewed:
#   FROM node:20.19.5-alpine3.22@sha256:<digest>
# (`docker buildx imagetools inspect node:20.19.5-alpine3.22` prints it; Renovate or Dependabot
# can keep tag and digest current together).

# Build: the package's tarball, exactly what `npm publish` would ship (prepack builds dist/).
FROM node:20.19.5-alpine3.22 AS build
WORKDIR /src
COPY package.json package-lock.json ./
# Dependencies' install scripts are not needed to build (tsc only) and do not run.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /pack && ls /pack/paycfg-*.tgz

# Runtime: the tarball installed with its production dependencies only; no source, no npm cache.
FROM node:20.19.5-alpine3.22 AS runtime
ENV NODE_ENV=production
COPY --from=build /pack/ /tmp/pack/
RUN npm install --global --omit=dev --ignore-scripts --no-audit --no-fund /tmp/pack/paycfg-*.tgz \
  && rm -rf /tmp/pack /root/.npm \
  && mkdir -p /work /out \
  && chown 1000:1000 /out
# The PBO's repository (fleet file, manifests): copied in by an image built FROM this one, or
# mounted read-only here (deploy/kubernetes/README.md).
WORKDIR /work
# The official image's node user, by number so that Kubernetes' runAsNonRoot can check it.
USER 1000:1000
ENTRYPOINT ["paycfg"]
CMD ["--help"]

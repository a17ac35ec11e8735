#!/usr/bin/env bash
# Checks that ricochet-core installs and works on its own, as a user's project would get it:
# installs the core module alone (its flattened POM has no parent to resolve), with its sources and
# Javadoc jars, into a throwaway local repository, then builds and runs a separate Maven project
# that depends on ricochet-core and nothing else. Needs Maven Central for the plugins (the throwaway
# repository starts empty); never touches ~/.m2.
#
# Usage, from the repository root:  tools/check-library.sh [LOCAL_REPO]   (default /tmp/m2-lib)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repo="${1:-/tmp/m2-lib}"
version=0.1.0-SNAPSHOT

(cd "$root" && mvn -B -q -pl core install -DskipTests -Dmaven.repo.local="$repo")
installed="$repo/ricochet/ricochet-core/$version"
for jar in "ricochet-core-$version.jar" "ricochet-core-$version-sources.jar" "ricochet-core-$version-javadoc.jar"; do
  [[ -f "$installed/$jar" ]] || { echo "check-library: $jar was not installed" >&2; exit 1; }
done
if grep -q '<parent>' "$installed/ricochet-core-$version.pom"; then
  echo "check-library: the installed POM names a parent" >&2
  exit 1
fi

user="$(mktemp -d)"
trap 'rm -rf "$user"' EXIT
mkdir -p "$user/src/main/java/demo"
cat > "$user/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>demo</groupId>
  <artifactId>uses-ricochet</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
    <dependency>
      <groupId>ricochet</groupId>
      <artifactId>ricochet-core</artifactId>
      <version>$version</version>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-compiler-plugin</artifactId>
        <version>3.13.0</version>
      </plugin>
    </plugins>
  </build>
</project>
POM
# The README's first example, whole.
cat > "$user/src/main/java/demo/Drop.java" <<'JAVA'
package demo;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;
import ricochet.world.World;

public class Drop {
    public static void main(String[] args) {
        try (World world = new World(new Vec3(0, -9.81, 0))) {
            world.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(10, 0.5, 10), 0.5, 0);
            BodyId ball = world.add(BodyDef.dynamic().withPosition(new Vec3(0, 2, 0)), new SphereShape(0.25), 0.5, 0);
            for (int i = 0; i < 120; i++) {
                world.step(1.0 / 60);
            }
            System.out.printf("mass %.3f kg, height %.3f m%n", world.mass(ball), world.position(ball).y());
        }
    }
}
JAVA
(cd "$user" && mvn -B -q package -Dmaven.repo.local="$repo")
classpath="$user/target/classes:$installed/ricochet-core-$version.jar"
out="$(java -cp "$classpath" demo.Drop)"
echo "$out"
# A 0.25 m ball of water (65.450 kg) resting on the ground: its centre 0.25 m up.
[[ "$out" == "mass 65.450 kg, height 0.250 m" ]] || { echo "check-library: unexpected output" >&2; exit 1; }
echo "check-library: ricochet-core installs and runs on its own"
